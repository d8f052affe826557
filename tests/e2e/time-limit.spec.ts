// A program stopped at the time limit (issue 30): the student's Run and Submit results and the
// teacher's per-test table say "over 1.00 s", never the time the sandbox let it run past the
// limit (a 1 s limit read "1.99 s").
import { expect, test } from '@playwright/test';
import { compilerFrame, createChallenge, typeCode, uniqueCode } from './compiler-support.ts';
import { signInAsAdmin } from './results-support.ts';
import { newAccount, signUpThroughUi, studentScreen } from './support.ts';

const SHOTS = process.env.TIME_LIMIT_SCREENSHOT_DIR ?? 'test-results';

test('a run stopped at the 1 s limit reads "over 1.00 s" for the student and the teacher', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const code = uniqueCode('TLE');
  await createChallenge(request, code, { timeLimitMs: 1000 });
  const account = newAccount('limit');
  await signUpThroughUi(page, account);
  const screen = studentScreen(page);
  await screen.testCode.fill(code);
  await screen.startTest.click();
  const frame = compilerFrame(page, code);
  await expect(frame.getByTestId('countdown')).toBeVisible();
  await typeCode(page, frame, 'while True: pass');

  await frame.getByRole('button', { name: 'Run', exact: true }).click();
  const run = frame.getByTestId('run-result');
  await expect(run).toContainText('Time Limit Exceeded', { timeout: 30_000 });
  const outcome = run.getByTestId('sample-outcome').locator('summary');
  await expect(outcome).toContainText('over 1.00 s');
  await outcome.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/time-limit-run.png` });

  await frame.getByRole('button', { name: 'Submit' }).click();
  const result = frame.getByTestId('submit-result');
  await expect(result).toContainText('Time Limit Exceeded', { timeout: 45_000 });
  await expect(result.getByTestId('sample-outcome').locator('summary')).toContainText(
    'over 1.00 s',
  );

  // The teacher's per-test table of that submission.
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await signInAsAdmin(teacher);
  await teacher.goto(`/adminDash?view=results&challengeId=${code}`);
  const row = teacher
    .getByRole('table', { name: `Results of ${code}` })
    .getByRole('row')
    .filter({ hasText: account.email });
  await row.getByRole('link', { name: account.name }).click();
  const dialog = teacher.getByRole('dialog', { name: `Submissions of ${account.name}` });
  const tests = dialog.getByTestId('submission-tests');
  const timeColumn = await tests
    .getByRole('columnheader', { name: 'Time', exact: true })
    .evaluate((th) => (th as HTMLTableCellElement).cellIndex);
  const times = tests.getByTestId('test-row').locator(`:is(td, th):nth-child(${timeColumn + 1})`);
  await expect(times).toHaveText(['over 1.00 s', 'over 1.00 s']);
  await teacher.screenshot({ path: `${SHOTS}/time-limit-teacher.png` });
  await teacherContext.close();
});
