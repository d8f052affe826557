/**
 * Manual grading (issue 34 item 3) in the browser: a student submits a program that passes the
 * sample only (25 of 100); the teacher opens the student's submissions from Results, overrides
 * the score to 80 with a reason (refused first without one), and sees the final score beside
 * the judge's in the table; the student, reloading the compiler page, sees the final score in
 * their history. Screenshots of the Grade section and the export buttons in light and dark mode
 * go to SHOTS_DIR when it is set (else the test's output folder).
 */
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { gradingMessages } from '../../src/contract/grading.ts';
import { compilerFrame, createChallenge, typeCode, uniqueCode } from './compiler-support.ts';
import { signInAsAdmin } from './results-support.ts';
import { newAccount, signUpThroughUi } from './support.ts';

/** The page and every frame in it (the compiler page) in each mode, `target` alone if given. */
async function screenshotBothModes(page: Page, name: string, target: Locator): Promise<void> {
  const setMode = (mode: string) =>
    Promise.all(
      page
        .frames()
        .map((f) =>
          f.evaluate((m) => document.documentElement.setAttribute('data-theme', m), mode),
        ),
    );
  for (const mode of ['light', 'dark'] as const) {
    await setMode(mode);
    const file = process.env.SHOTS_DIR
      ? path.join(process.env.SHOTS_DIR, `${name}-${mode}.png`)
      : test.info().outputPath(`${name}-${mode}.png`);
    await target.screenshot({ path: file });
  }
  await setMode('light');
}

test('a teacher overrides a score with a reason; the student sees the final score', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const code = uniqueCode('GRADE');
  await createChallenge(request, code);
  const account = newAccount('graded');
  await signUpThroughUi(page, account);
  await page.goto(`/challenges/${code}`);
  const frame = compilerFrame(page, code);
  await typeCode(page, frame, 'print(3)');
  await frame.getByRole('button', { name: 'Submit' }).click();
  await expect(frame.getByTestId('submit-result').getByTestId('submission-score')).toHaveText(
    '25 / 100',
    { timeout: 60_000 },
  );

  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await signInAsAdmin(teacher);
  await teacher.goto(`/adminDash?view=results&challengeId=${code}`);
  const table = teacher.getByRole('table', { name: `Results of ${code}` });
  const row = table.getByRole('row').filter({ hasText: account.email });
  await expect(row.getByTestId('final-score')).toHaveText('25');
  await row.getByRole('link', { name: account.name }).click();
  const dialog = teacher.getByRole('dialog', { name: `Submissions of ${account.name}` });
  const grade = dialog.getByRole('region', { name: gradingMessages.heading });
  await expect(grade.getByTestId('grade-figures')).toContainText(
    `${gradingMessages.automatic}25 / 100`,
  );

  const points = grade.getByRole('textbox', { name: gradingMessages.valueLabel, exact: true });
  const reason = grade.getByRole('textbox', { name: gradingMessages.reasonLabel });
  // With the keyboard: the kind, the points, then Save without a reason is refused.
  await grade.getByRole('radio', { name: gradingMessages.kindAbsolute }).check();
  await points.fill('80');
  await points.press('Enter');
  await expect(grade.getByText(gradingMessages.reasonRequired)).toBeVisible();
  await reason.fill('The hidden test had a typo');
  await reason.press('Enter');
  await expect(grade.getByTestId('grade-figures')).toContainText(
    `${gradingMessages.finalScore}80 / 100`,
  );
  await expect(grade.getByRole('status')).toHaveText(gradingMessages.saved);
  await grade.getByText(gradingMessages.historyHeading).click();
  await expect(grade.getByRole('listitem')).toContainText('The hidden test had a typo');
  await screenshotBothModes(teacher, 'grade-section', grade);

  await teacher.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  // The table shows the final score beside the judge's, marked as graded by hand.
  await expect(row.getByTestId('final-score')).toHaveText(`80${gradingMessages.overriddenBadge}`, {
    timeout: 20_000,
  });
  await expect(row.getByTestId('best-score')).toHaveText(/^25 \(25%\)/);
  await screenshotBothModes(teacher, 'gradebook-buttons', teacher.getByTestId('results-export'));
  await teacherContext.close();

  // The student reloads the compiler page: the final score stands above their submissions.
  await page.reload();
  const finalGrade = compilerFrame(page, code).getByTestId('final-grade');
  await expect(finalGrade).toHaveText(`${gradingMessages.finalScore}: 80 of 100 (automatic 25)`);
  await finalGrade.scrollIntoViewIfNeeded();
  await screenshotBothModes(page, 'student-final-grade', finalGrade.locator('..'));
});
