/**
 * Per-test statistics (issue 34 item 2): three students submit through the real compiler API
 * (one right, two printing the same wrong answer on the hidden test); the teacher opens
 * Statistics from the challenge's Results and sees the histogram, the per-test passes and the
 * wrong output grouped under the hidden test.
 */
import { expect, test } from '@playwright/test';
import { createChallenge, uniqueCode } from './compiler-support.ts';
import {
  adminToken,
  openChallenge,
  signInAsAdmin,
  studentForChallenge,
  submitCode,
} from './results-support.ts';

const SOLUTION = 'a, b = map(int, input().split())\nprint(a + b)\n';
/** Right on the sample (1 2), wrong on the hidden test (40 2). */
const WRONG = 'print(3)\n';

test('a teacher opens the statistics of a challenge: histogram, passes, grouped wrong outputs', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const code = uniqueCode('STAT');
  await createChallenge(request, code);
  for (const [tag, program] of [
    ['stat-right', SOLUTION],
    ['stat-wrong', WRONG],
    ['stat-same', WRONG],
  ] as const) {
    const student = await studentForChallenge(request, tag, code);
    await openChallenge(request, student, code);
    await submitCode(request, student, code, program);
  }
  // The judge works in the background: wait until all three are counted.
  const owner = { authorization: `Bearer ${await adminToken(request)}` };
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/admin/results/${code}/statistics`, { headers: owner });
        return ((await res.json()) as { challenges: { students: number }[] }).challenges[0]
          ?.students;
      },
      { timeout: 60_000 },
    )
    .toBe(3);

  await signInAsAdmin(page);
  await page.goto(`/adminDash?view=results&challengeId=${code}`);
  await page.getByRole('link', { name: 'Statistics', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`view=statistics&challengeId=${code}`));
  await expect(page.getByRole('heading', { name: 'Sum of two' })).toBeVisible();
  await expect(page.getByTestId('statistics-counted')).toContainText('3 students');

  // The histogram: a picture with its figures in words (two at 25 %, one at full marks).
  const histogram = page.getByRole('img', { name: 'Score distribution' });
  await expect(histogram).toBeVisible();
  await expect(histogram).toHaveAccessibleDescription(/20–30 %: 2, .*100 %: 1\./);

  const tests = page.getByTestId('statistics-tests');
  await expect(tests.getByRole('row', { name: /Test 1 \(sample\)/ })).toContainText(
    '3 / 3 (100 %)',
  );
  const hidden = tests.getByRole('row', { name: /Test 2/ });
  await expect(hidden).toContainText('1 / 3 (33.3 %)');
  await expect(hidden).toContainText('Wrong Answer 2');

  // The wrong output, grouped: both wrong students printed 3.
  const wrong = page.getByTestId('statistics-wrong-outputs');
  await wrong.getByText('Test 2: one wrong output').click();
  const group = wrong.getByRole('listitem');
  await expect(group).toHaveCount(1);
  await expect(group).toContainText('2 students');
  await expect(group.locator('pre')).toHaveText('3\n');

  // Back to the table it came from.
  await page.getByRole('link', { name: /Back to results/ }).click();
  await expect(page).toHaveURL(new RegExp(`view=results&challengeId=${code}`));
});
