/**
 * The live proctor view (issue 32 item 6): the teacher opens it from Home's list and finds a
 * student by email; the row goes from "Not started" to "Working" when the student opens the test,
 * and its submission count grows when they submit, without a reload of the teacher's page. The
 * view is looked at in light and dark mode (screenshots in the test's output folder).
 */
import { expect, test } from '@playwright/test';
import { proctorMessages } from '../../src/contract/proctor.ts';
import { compilerFrame, createChallenge, uniqueCode } from './compiler-support.ts';
import { dashMenu, signInAsAdmin } from './results-support.ts';
import { newAccount, signUpThroughUi, studentScreen } from './support.ts';

test('the proctor view follows a student from not started to working to submitting, live', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const code = uniqueCode('PROCTOR');
  await createChallenge(page.request, code);
  const account = newAccount('proctor');
  await signUpThroughUi(page, account);

  // The teacher, in a browser of their own, opens the proctor view from Home's list.
  const teacherContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const teacher = await teacherContext.newPage();
  await signInAsAdmin(teacher);
  await dashMenu(teacher).getByRole('link', { name: 'Home' }).click();
  await teacher
    .getByRole('link', { name: proctorMessages.challengeLinkLabel.replace('{challengeId}', code) })
    .click();
  await expect(teacher.getByRole('heading', { name: /Proctor Sum of two/ })).toBeVisible();
  await teacher.getByLabel(proctorMessages.search).fill(account.email);
  const row = teacher.getByTestId('proctor-row').filter({ hasText: account.email });
  await expect(row.getByTestId('proctor-state')).toHaveText(proctorMessages.stateNotStarted);
  await expect(teacher.getByTestId('proctor-summary')).toContainText('not started');
  // Nothing reloads from here on: a mark on the document would go with a reload.
  await teacher.evaluate(() => (document.body.dataset.live = 'yes'));

  // The student opens the test: their page holds its timer poll, which is their presence.
  const screen = studentScreen(page);
  await screen.testCode.fill(code);
  await screen.startTest.click();
  const frame = compilerFrame(page, code);
  // A bound on a loaded machine, not a measure: the compiler page is a lazy chunk.
  await expect(frame.getByRole('heading', { name: 'Sum of two' })).toBeVisible({ timeout: 30_000 });
  // Bounds, not measures: the view hears of a new attempt at its next poll (12 s).
  await expect(row.getByTestId('proctor-state')).toHaveText(proctorMessages.stateWorking, {
    timeout: 30_000,
  });
  await expect(row.getByTestId('proctor-problem')).toHaveText('Sum of two');
  await expect(row.getByTestId('proctor-time-left')).toHaveText(/^(60:00|59:\d\d)$/);
  await expect(row.getByTestId('proctor-submissions')).toHaveText('0');

  await frame.getByRole('button', { name: 'Submit' }).click();
  await expect(row.getByTestId('proctor-submissions')).toHaveText('1', { timeout: 30_000 });
  await expect(teacher.locator('body[data-live="yes"]')).toHaveCount(1);

  // Sorting and the state filter, by keyboard-reachable controls.
  await teacher.getByLabel(proctorMessages.filterState).selectOption('working');
  await expect(row).toHaveCount(1);
  await teacher.getByLabel(proctorMessages.filterState).selectOption('not-started');
  await expect(row).toHaveCount(0);
  await teacher.getByLabel(proctorMessages.filterState).selectOption('all');
  await teacher.getByLabel(proctorMessages.search).fill('');
  await teacher.getByRole('button', { name: proctorMessages.colSubmissions }).click();
  await expect(
    teacher.getByRole('columnheader', { name: proctorMessages.colSubmissions }),
  ).toHaveAttribute('aria-sort', 'descending');
  const table = teacher.getByTestId('proctor-table');
  await expect(table).toHaveAttribute('aria-rowcount', /^\d+$/);

  await teacher.screenshot({ path: testInfo.outputPath('proctor-light.png'), fullPage: true });
  await teacher.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(teacher.locator('html')).toHaveAttribute('data-theme', 'dark');
  await teacher.screenshot({ path: testInfo.outputPath('proctor-dark.png'), fullPage: true });
  await teacherContext.close();
});
