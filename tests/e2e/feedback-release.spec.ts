// Feedback and the release of results (issue 34 items 4 and 5), as a teacher and a student live
// them: the teacher comments a line and writes feedback in the submissions dialog and sets the
// challenge's results to be released by hand; the student's compiler page says "not released"
// instead of a score; once the teacher presses Release the student sees the score, the note and
// the comment, and the score the teacher set by hand, and still sees them after going offline
// and reloading the page.
import { expect, test, type Page } from '@playwright/test';
import { gradingMessages } from '../../src/contract/grading.ts';
import { releaseMessages } from '../../src/contract/result-release.ts';
import { createChallenge, uniqueCode } from './compiler-support.ts';
import { openControlled } from './pwa-support.ts';
import {
  openChallenge,
  signInAsAdmin,
  studentForChallenge,
  submitCode,
  type ApiStudent,
} from './results-support.ts';

const SOLUTION = 'a, b = map(int, input().split())\nprint(a + b)\n';
// Screenshots for the README and review, in the colour scheme asked for (light by default).
const SHOTS = process.env.GRADING_SCREENSHOT_DIR;
const SCHEME = process.env.GRADING_SCREENSHOT_SCHEME === 'dark' ? 'dark' : 'light';

/** The compiler page on its own, as the test screen's frame opens it (token in the fragment). */
function compilerUrl(code: string, student: ApiStudent): string {
  const token = student.compiler.authorization?.replace('Bearer ', '') ?? '';
  const appKey = student.compiler['x-app-key'] ?? '';
  return `/compiler/${code}?appKey=${encodeURIComponent(appKey)}#token=${encodeURIComponent(token)}`;
}

async function history(page: Page) {
  const list = page.getByTestId('submission-history');
  await expect(list).toBeVisible({ timeout: 30_000 });
  if ((await list.getAttribute('open')) === null) await list.locator('summary').click();
  return list;
}

test('a teacher comments and releases; the student sees it, offline too', async ({
  browser,
  request,
}) => {
  test.slow();
  const code = uniqueCode('FBR');
  await createChallenge(request, code);
  const student = await studentForChallenge(request, 'feedback', code);
  await openChallenge(request, student, code);
  await submitCode(request, student, code, SOLUTION);

  // The teacher opens the student's submissions from the Results table.
  const teacherContext = await browser.newContext({ colorScheme: SCHEME });
  const teacher = await teacherContext.newPage();
  await signInAsAdmin(teacher);
  await teacher.goto(`/adminDash?view=results&challengeId=${code}`);
  const row = teacher.getByRole('row').filter({ hasText: student.email });
  await expect(row.getByTestId('best-score')).toHaveText(/^100/, { timeout: 45_000 });

  // Results are released by hand from now on.
  const panel = teacher.getByTestId('release-panel');
  await panel.getByLabel(releaseMessages.modeLabel).selectOption('manual');
  await panel.getByRole('button', { name: releaseMessages.saveMode }).click();
  await expect(panel.getByTestId('release-state')).toHaveText(releaseMessages.stateWithheld);

  await row.getByRole('link', { name: student.name }).click();
  const dialog = teacher.getByRole('dialog', { name: `Submissions of ${student.name}` });
  await dialog.getByRole('tab', { name: 'Feedback' }).click();
  const feedback = dialog.getByTestId('feedback-panel');
  await feedback
    .getByLabel('Feedback for the student (Markdown)')
    .fill('Well done, **tidy** code.');
  await feedback.getByRole('button', { name: 'Save feedback' }).click();
  await expect(teacher.getByText('Feedback saved').first()).toBeVisible();
  // The teacher points at the line (its number is a button) instead of typing it.
  await feedback.getByRole('button', { name: 'Comment on line 2' }).click();
  await expect(feedback.getByLabel('Line', { exact: true })).toHaveValue('2');
  await expect(feedback.locator('.feedback-panel__code')).toHaveText('print(a + b)');
  await expect(feedback.getByLabel('Comment', { exact: true })).toBeFocused();
  await feedback.getByLabel('Comment', { exact: true }).fill('Nice use of unpacking.');
  await feedback.getByRole('button', { name: 'Add comment' }).click();
  await expect(feedback.getByTestId('staff-comment')).toContainText('Nice use of unpacking.');
  if (SHOTS) await teacher.screenshot({ path: `${SHOTS}/feedback-tab-${SCHEME}.png` });

  // And a score set by hand, with its reason (the Grade section of the same dialog).
  await dialog.getByRole('tab', { name: 'Tests' }).click();
  const grade = dialog.getByRole('region', { name: gradingMessages.heading });
  await grade.getByRole('radio', { name: gradingMessages.kindAbsolute }).check();
  await grade.getByRole('textbox', { name: gradingMessages.valueLabel, exact: true }).fill('90');
  await grade.getByRole('textbox', { name: gradingMessages.reasonLabel }).fill('Late by a day');
  await grade.getByRole('textbox', { name: gradingMessages.reasonLabel }).press('Enter');
  await expect(grade.getByRole('status')).toHaveText(gradingMessages.saved);

  // The student, on their compiler page: submitted, not released.
  const studentContext = await browser.newContext({ colorScheme: SCHEME });
  const page = await studentContext.newPage();
  await openControlled(page, compilerUrl(code, student));
  await expect(page.getByTestId('best-score')).toHaveText(releaseMessages.notReleased);
  let list = await history(page);
  await expect(list.getByTestId('not-released')).toHaveText(releaseMessages.notReleased);
  await expect(list.getByTestId('line-comment')).toHaveCount(0);
  await expect(list).not.toContainText('Nice use of unpacking.');
  await expect(page.getByTestId('final-grade')).toHaveCount(0);
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/student-not-released-${SCHEME}.png`, fullPage: true });

  // The teacher releases.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await panel.getByRole('button', { name: releaseMessages.release }).click();
  await expect(panel.getByTestId('release-state')).toContainText(releaseMessages.stateReleased);
  if (SHOTS) await panel.screenshot({ path: `${SHOTS}/release-panel-${SCHEME}.png` });

  await page.reload();
  await expect(page.getByTestId('best-score')).toHaveText('100 / 100');
  list = await history(page);
  await expect(list).toContainText('100 / 100');
  await expect(list.getByTestId('line-comment')).toContainText('Nice use of unpacking.');
  await expect(page.getByTestId('final-grade')).toContainText('90 of 100');
  await expect(list.getByTestId('line-comment')).toContainText('print(a + b)');
  await expect(list.locator('strong', { hasText: 'tidy' })).toBeVisible();
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/student-feedback-${SCHEME}.png`, fullPage: true });

  // Offline, and the page reloaded: the feedback is still there.
  await studentContext.setOffline(true);
  await page.reload();
  list = await history(page);
  await expect(list.getByTestId('line-comment')).toContainText('Nice use of unpacking.');
  await expect(list.locator('strong', { hasText: 'tidy' })).toBeVisible();
  await expect(page.getByTestId('final-grade')).toContainText('90 of 100');
  await studentContext.setOffline(false);
  await teacherContext.close();
  await studentContext.close();
});
