// Issue 13 items 4 and 7 in the dashboard: a teacher fixes a wrong hidden test, re-judges every
// submission of the challenge from Results, follows the progress and sees the scores follow
// without a reload; one submission is re-judged from the student's dialog; Home's judge queue
// panel shows the server's worker alive.
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Challenge } from '../../src/contract/challenges.ts';
import { createChallenge, uniqueCode } from './compiler-support.ts';
import {
  adminToken,
  dashMenu,
  openChallenge,
  signInAsAdmin,
  studentForChallenge,
  submitCode,
} from './results-support.ts';

// Correct, and slow enough (about 1 s a test) for the re-judge's progress to be seen.
const SOLUTION = 'import time\ntime.sleep(1)\na, b = map(int, input().split())\nprint(a + b)\n';
const FIRST_TRY = 'print(3)\n';

/** The teacher's fix: the hidden test expects 42, not 41 (the edit form's call). */
async function fixHiddenTest(request: APIRequestContext, challengeId: string): Promise<void> {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const got = await request.post('/api/admin/getChallenge', { data: { challengeId }, headers });
  expect(got.ok(), await got.text()).toBe(true);
  const challenge = (await got.json()) as Challenge;
  const testCases = challenge.testCases.map((t) =>
    t.hidden ? { ...t, expectedOutput: '42\n' } : t,
  );
  const updated = await request.post('/api/admin/updateChallenge', {
    data: { ...challenge, testCases },
    headers,
  });
  expect(updated.ok(), await updated.text()).toBe(true);
}

test('a teacher fixes a test, re-judges the challenge and watches the scores follow', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const code = uniqueCode('REJ');
  // The hidden test (weight 3 of 4) expects a wrong answer: a correct program scores 25.
  await createChallenge(request, code, {
    testCases: [
      { input: '1 2\n', expectedOutput: '3\n', hidden: false, weight: 1 },
      { input: '40 2\n', expectedOutput: '41\n', hidden: true, weight: 3 },
    ],
  });
  const student = await studentForChallenge(request, 'rejudge', code);
  await openChallenge(request, student, code);
  await submitCode(request, student, code, FIRST_TRY);
  await submitCode(request, student, code, SOLUTION);

  await signInAsAdmin(page);
  await page.goto(`/adminDash?view=results&challengeId=${code}`);
  const table = page.getByRole('table', { name: `Results of ${code}` });
  const row = table.getByRole('row').filter({ hasText: student.email });
  await expect(row.getByTestId('best-score')).toHaveText(/^25 \(25%\)/, { timeout: 45_000 });
  await expect(page.getByTestId('results-summary')).not.toContainText('Being judged', {
    timeout: 30_000,
  });
  // Marks this document: if the page reloaded, the mark would be gone.
  await page.evaluate(() => {
    (window as unknown as { notReloaded?: boolean }).notReloaded = true;
  });

  await fixHiddenTest(request, code);

  // Cancel first: nothing is queued.
  await page.getByRole('button', { name: 'Re-judge all submissions' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Re-judge every submission to ${code}?` });
  await expect(confirm).toContainText('keeps its previous result until the new one replaces it');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Re-judge all submissions' })).toBeFocused();

  await page.getByRole('button', { name: 'Re-judge all submissions' }).click();
  await confirm.getByRole('button', { name: 'Re-judge all' }).click();
  await expect(
    page.getByText('Queued to be judged again: 2 (students concerned: 1).'),
  ).toBeVisible();
  const status = page.getByTestId('rejudge-progress').getByRole('status');
  await expect(status).toHaveText(/^Re-judging: [12] of 2 submissions left$/);
  await expect(page.getByRole('progressbar', { name: 'Re-judge progress' })).toBeVisible();
  // Kept meanwhile: the previous result stays until the new one replaces it.
  await expect(row.getByTestId('best-score')).toHaveText(/^(25 \(25%\)|100 \(100%\))/);
  await expect(status).toHaveText('Re-judging finished: 2 submissions were judged again.', {
    timeout: 45_000,
  });
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(row.getByTestId('best-score')).toHaveText(/^100 \(100%\)/, { timeout: 15_000 });
  await expect(row).toContainText('Accepted');
  expect(
    await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
  ).toBe(true);

  // One submission again, from the student's dialog: its new result appears by itself.
  await row.getByRole('link', { name: student.name }).click();
  const dialog = page.getByRole('dialog', { name: `Submissions of ${student.name}` });
  const first = dialog.getByTestId('submissions-list').getByRole('row', { name: /Submission 1/ });
  await first.getByRole('button', { name: 'Re-judge submission 1' }).click();
  await expect(
    page.getByText('Queued to be judged again: 1 (students concerned: 1).'),
  ).toBeVisible();
  await expect(first.getByText('re-judged', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(first).toContainText('Judged');
  await expect(first).toContainText('25 / 100');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // Home: the judge queue panel, with this server's in-process worker alive.
  await dashMenu(page).getByRole('link', { name: 'Home' }).click();
  const panel = page.getByRole('region', { name: 'Judge queue' });
  const figures = panel.getByRole('definition');
  await expect(panel.getByTestId('judge-queue-figures')).toContainText('Workers alive1 of 1');
  await expect(figures).toHaveCount(4);
  const workers = panel.getByRole('table', { name: 'Judge workers' });
  await expect(workers.getByRole('row')).toHaveCount(2);
  await expect(workers.getByRole('row').nth(1)).toContainText('Alive');
  await expect(panel.getByTestId('judge-queue-updated')).toHaveText(
    /^Updated \d\d:\d\d:\d\d · refreshes every 5 seconds$/,
  );
});
