/**
 * The timer followed live (issue 32): a student is working on a test when the teacher presses
 * Stop now on Home's list; the student's page shows the time as up without a reload, and shows
 * the clock running again when the teacher reopens it. The same for an exam from the Exams list:
 * the exam screen follows its timer and tells the problem's page in its frame.
 */
import { expect, test } from '@playwright/test';
import { messages } from '../../src/contract/messages.ts';
import { sittingMessages } from '../../src/contract/sittings.ts';
import { compilerFrame, createChallenge, uniqueCode } from './compiler-support.ts';
import { examRow, problemEntry, problemFrame, publishedExam } from './exams-support.ts';
import { dashMenu, signInAsAdmin } from './results-support.ts';
import { newAccount, signUpThroughUi, studentScreen } from './support.ts';

test('Stop now and Reopen reach a working student’s page at once, without a reload', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const code = uniqueCode('LIVE');
  await createChallenge(request, code);

  // The student opens the test.
  await signUpThroughUi(page, newAccount('live'));
  const screen = studentScreen(page);
  await screen.testCode.fill(code);
  await screen.startTest.click();
  const frame = compilerFrame(page, code);
  // A bound on a loaded machine, not a measure: the compiler page is a lazy chunk.
  await expect(frame.getByRole('heading', { name: 'Sum of two' })).toBeVisible({ timeout: 30_000 });
  await expect(frame.getByTestId('countdown')).toHaveText(/^(60:00|59:\d\d)$/);
  await expect(page.getByTestId('test-status')).toHaveText(messages.testStatusStarted);
  // Nothing reloads from here on: a mark on the frame's document would go with a reload.
  const compilerPage = page.frames().find((f) => f.url().includes(`/compiler/${code}`));
  await compilerPage?.evaluate(() => (document.body.dataset.live = 'yes'));

  // The teacher, in a browser of their own, stops it from Home's list.
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await signInAsAdmin(teacher);
  await dashMenu(teacher).getByRole('link', { name: 'Home' }).click();
  await teacher.getByRole('button', { name: `${sittingMessages.stop} ${code}` }).click();
  await teacher
    .getByRole('alertdialog')
    .getByRole('button', { name: sittingMessages.stop })
    .click();
  await expect(
    teacher.getByRole('button', { name: `${sittingMessages.reopen} ${code}` }),
  ).toBeVisible();

  await expect(frame.getByText(messages.testOverNote)).toBeVisible();
  await expect(frame.getByTestId('countdown')).toHaveCount(0);
  // The page hands in what is in the editor, as at any end of time (auto-submit).
  await expect(page.getByTestId('test-status')).toContainText('Last submission');
  await expect(frame.getByRole('button', { name: 'Run' })).toBeDisabled();

  // Reopened: the clock runs again on the student's page, and Run is back.
  await teacher.getByRole('button', { name: `${sittingMessages.reopen} ${code}` }).click();
  await expect(frame.getByTestId('countdown')).toHaveText(/^(60:00|59:\d\d)$/);
  await expect(frame.getByText(messages.testOverNote)).toHaveCount(0);
  await expect(frame.getByRole('button', { name: 'Run' })).toBeEnabled();
  await expect(frame.locator('body[data-live="yes"]')).toHaveCount(1);

  await teacherContext.close();
});

test('Stop now and Reopen of an exam reach the exam screen and its problem’s page at once', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const problem = uniqueCode('LIVEX');
  await createChallenge(request, problem, { challengeName: 'Live exam problem' });
  const code = uniqueCode('LIVEEXAM').toUpperCase();
  await publishedExam(request, code, 'Live exam', [problem]);

  // The student opens the exam and its problem.
  await signUpThroughUi(page, newAccount('liveexam'));
  const screen = studentScreen(page);
  await screen.testCode.fill(code);
  await screen.startTest.click();
  await expect(page.getByRole('heading', { name: 'Live exam' })).toBeVisible({ timeout: 30_000 });
  await problemEntry(page, 'Live exam problem').getByRole('button').click();
  const frame = problemFrame(page, 1, 'Live exam problem');
  await expect(frame.getByRole('heading', { name: 'Live exam problem' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('countdown')).toHaveText(/^(60:00|59:\d\d)$/);

  // The teacher stops it from the Exams list.
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await signInAsAdmin(teacher);
  await dashMenu(teacher).getByRole('link', { name: 'Exams' }).click();
  await examRow(teacher, code)
    .getByRole('button', { name: `${sittingMessages.stop} ${code}` })
    .click();
  await teacher
    .getByRole('alertdialog')
    .getByRole('button', { name: sittingMessages.stop })
    .click();
  await expect(examRow(teacher, code)).toContainText(sittingMessages.statusStopped);

  // The exam's countdown ends, and so does the problem's page in its frame.
  await expect(page.getByTestId('countdown')).toHaveCount(0);
  await expect(frame.getByText(messages.testOverNote)).toBeVisible();
  await expect(frame.getByRole('button', { name: 'Run' })).toBeDisabled();

  // Reopened: both run again.
  await examRow(teacher, code)
    .getByRole('button', { name: `${sittingMessages.reopen} ${code}` })
    .click();
  await expect(page.getByTestId('countdown')).toHaveText(/^(60:00|59:\d\d)$/);
  await expect(frame.getByText(messages.testOverNote)).toHaveCount(0);
  await expect(frame.getByRole('button', { name: 'Run' })).toBeEnabled();

  await teacherContext.close();
});
