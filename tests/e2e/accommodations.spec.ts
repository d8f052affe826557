/**
 * Accommodations from the results row (issue 32 item 3): a student is working on a test when a
 * teacher, in a browser of their own, gives them 10 extra minutes from the Results table's
 * "Accommodations" dialog with a reason; the student's countdown grows by 10 minutes without a
 * reload, the row shows the new time, and the dialog's log says who, when and why. A student who
 * finished an exam is given it back from the exam matrix's row ("Reopen the attempt"): their exam
 * screen shows the problems and the timer again, without a reload.
 */
import { expect, test } from '@playwright/test';
import { accommodationMessages as m } from '../../src/contract/accommodations.ts';
import { compilerFrame, createChallenge, uniqueCode } from './compiler-support.ts';
import { E2E_ADMIN } from './admin-credentials.ts';
import { examRow, problemEntry, publishedExam } from './exams-support.ts';
import { dashMenu, signInAsAdmin } from './results-support.ts';
import { newAccount, signUpThroughUi, studentScreen } from './support.ts';

test('10 extra minutes from the results row reach the student’s timer without a reload', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const code = uniqueCode('ACCOM');
  await createChallenge(request, code);

  // The student opens the test: 60 minutes.
  const student = newAccount('accom');
  await signUpThroughUi(page, student);
  const screen = studentScreen(page);
  await screen.testCode.fill(code);
  await screen.startTest.click();
  const frame = compilerFrame(page, code);
  // A bound on a loaded machine, not a measure: the compiler page is a lazy chunk.
  await expect(frame.getByRole('heading', { name: 'Sum of two' })).toBeVisible({ timeout: 30_000 });
  await expect(frame.getByTestId('countdown')).toHaveText(/^(60:00|59:\d\d)$/);
  // Nothing reloads from here on: a mark on the frame's document would go with a reload.
  const compilerPage = page.frames().find((f) => f.url().includes(`/compiler/${code}`));
  await compilerPage?.evaluate(() => (document.body.dataset.live = 'yes'));

  // The teacher opens the challenge's results and the student's row's Accommodations.
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await signInAsAdmin(teacher);
  await teacher.goto(`/adminDash?view=results&challengeId=${encodeURIComponent(code)}`);
  const row = teacher
    .getByTestId('results-table')
    .getByRole('row')
    .filter({ hasText: student.email });
  // A bound: the table's first read on a loaded machine.
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await row.getByRole('button', { name: m.openLabel.replace('{name}', student.name) }).click();
  const dialog = teacher.getByRole('dialog', { name: m.title.replace('{name}', student.name) });
  await expect(dialog.getByTestId('accommodations-state')).toContainText('Working, until');
  await expect(dialog.getByLabel(m.actionLabel)).toHaveValue('extra_time');
  await dialog.getByLabel(m.minutesLabel).fill('10');
  await dialog.getByLabel(m.reasonLabel).fill('Computer crashed at the start');
  await dialog.getByRole('button', { name: m.give }).click();

  await expect(dialog.getByTestId('accommodations-summary')).toHaveText('+10 min');
  const log = dialog.getByTestId('accommodations-log');
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(log).toContainText('Computer crashed at the start');
  await expect(log).toContainText(E2E_ADMIN.email);
  await expect(log).toContainText('+10 min');

  // The student's countdown grew by 10 minutes, on the same page (the long poll answered).
  await expect(frame.getByTestId('countdown')).toHaveText(/^01:(10:00|09:\d\d)$/, {
    timeout: 30_000, // A bound on a loaded machine, not a measure: it is one long poll's answer.
  });
  await expect(frame.locator('body[data-live="yes"]')).toHaveCount(1);

  if (process.env.ACCOMMODATION_SHOTS) {
    await teacher.screenshot({ path: `test-results/accommodations-light.png` });
    await teacher.emulateMedia({ colorScheme: 'dark' });
    await teacher.screenshot({ path: `test-results/accommodations-dark.png` });
  }

  // Closed, the row shows the student's new time.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByTestId('accommodations-row-state')).toContainText('until');
  // The row's click (the student's submissions) did not fire under the dialog.
  await expect(teacher).not.toHaveURL(/student=/);

  await teacherContext.close();
});

test('a finished exam reopened from the matrix row comes back on the student’s screen', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const problem = uniqueCode('REOPENP');
  await createChallenge(request, problem, { challengeName: 'Reopened problem' });
  const code = uniqueCode('REOPEN').toUpperCase();
  await publishedExam(request, code, 'Reopened exam', [problem]);

  // The student opens the exam and finishes it at once.
  const student = newAccount('reopen');
  await signUpThroughUi(page, student);
  const screen = studentScreen(page);
  await screen.testCode.fill(code);
  await screen.startTest.click();
  // A bound on a loaded machine, not a measure: the exam screen is a lazy chunk.
  await expect(page.getByRole('heading', { name: 'Reopened exam' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Finish exam' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Finish exam' }).click();
  await expect(page.getByTestId('exam-finished')).toBeVisible();
  await expect(page.getByTestId('countdown')).toHaveCount(0);
  await page.evaluate(() => (document.body.dataset.live = 'yes'));

  // The teacher reopens the attempt with 15 minutes from the exam matrix's row.
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await signInAsAdmin(teacher);
  await dashMenu(teacher).getByRole('link', { name: 'Exams' }).click();
  await examRow(teacher, code)
    .getByRole('link', { name: `Results of the exam ${code}` })
    .click();
  const row = teacher
    .getByTestId('exam-results-table')
    .getByRole('row')
    .filter({ hasText: student.email });
  await expect(row).toHaveCount(1, { timeout: 30_000 }); // A bound: the matrix's first read.
  await row.getByRole('button', { name: m.openLabel.replace('{name}', student.name) }).click();
  const dialog = teacher.getByRole('dialog', { name: m.title.replace('{name}', student.name) });
  await dialog.getByLabel(m.actionLabel).selectOption('reopen');
  await dialog.getByLabel(m.minutesLabel).fill('15');
  await dialog.getByLabel(m.reasonLabel).fill('Finished by mistake');
  await dialog.getByRole('button', { name: m.give }).click();
  await expect(dialog.getByTestId('accommodations-log')).toContainText('Finished by mistake');

  // The student's screen is back on the problems, on the same page: a reopened attempt continues
  // to its own deadline (the hour was not over) and 15 minutes more.
  await expect(page.getByTestId('exam-finished')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('countdown')).toHaveText(/^01:(15:00|14:\d\d)$/);
  await problemEntry(page, 'Reopened problem').getByRole('button').click();
  await expect(page.getByRole('button', { name: 'Finish exam' })).toBeEnabled();
  await expect(page.locator('body[data-live="yes"]')).toHaveCount(1);

  await teacherContext.close();
});
