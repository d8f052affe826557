/**
 * The README's and the teacher guide's screenshots of the student's first screen, a challenge's
 * Results, reviewing a failed hidden test, grading by hand, the class's statistics and the
 * Students view, taken from the real app with a small class that has submitted
 * (DOCS_SHOTS: test-results/ in a test run, docs/ for `npm run docs:screenshots`). The exams'
 * screenshots are taken by exams.spec.ts, the package import's by problem-import.spec.ts.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { gradingMessages } from '../../src/contract/grading.ts';
import { createChallenge, uniqueCode } from './compiler-support.ts';
import { DOCS_SHOTS } from './docs-shots.ts';
import { dashMenu, signInAsAdmin } from './results-support.ts';
import { PASSWORD } from './support.ts';

const STAMP = Date.now().toString(36).slice(-5);

const SOLUTION = 'a, b = map(int, input().split())\nprint(a + b)\n';
const ONLY_SAMPLE = 'print(3)\n';
const CLASS: { name: string; code: string | null }[] = [
  { name: 'aarav sharma', code: SOLUTION },
  { name: 'diya patel', code: SOLUTION },
  { name: 'ishaan gupta', code: ONLY_SAMPLE },
  { name: 'meera iyer', code: ONLY_SAMPLE },
  { name: 'priya das', code: null },
  { name: 'sara khan', code: SOLUTION },
];

/** A student of the class signs up, opens the test and submits `code` through the real API. */
async function sit(
  request: APIRequestContext,
  name: string,
  challengeId: string,
  code: string | null,
) {
  // Readable addresses in the picture, unique on a server other tests share.
  const email = `${name.replace(' ', '.')}.${STAMP}@college.test`;
  const signUp = await request.post('/api/user/loginSignUp', {
    data: { name, email, password: PASSWORD },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const { token } = (await signUp.json()) as { token: string };
  const compiler = await request.post('/api/user/getToken', {
    data: { email, name, challengeId },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(compiler.ok(), await compiler.text()).toBe(true);
  const answer = (await compiler.json()) as { token: string; url?: string };
  const headers = {
    authorization: `Bearer ${answer.token}`,
    'x-app-key': new URL(answer.url ?? '', 'http://x').searchParams.get('appKey') ?? '',
  };
  expect((await request.get(`/api/compiler/challenge/${challengeId}`, { headers })).ok()).toBe(
    true,
  );
  if (code === null) return;
  const submit = await request.post('/api/compiler/submit', {
    data: { challengeId, code },
    headers,
  });
  expect([200, 202]).toContain(submit.status());
}

test('the guides’ screenshots: the first screen, Results, reviewing, grading, the Students view', async ({
  page,
  request,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  await page.screenshot({ path: `${DOCS_SHOTS}/student-screen.png` });

  const code = uniqueCode('SUM').toUpperCase();
  await createChallenge(request, code);
  for (const student of CLASS) await sit(request, student.name, code, student.code);

  await signInAsAdmin(page);
  await page.goto(`/adminDash?view=results&challengeId=${encodeURIComponent(code)}`);
  const table = page.getByTestId('results-table');
  // A bound on a loaded machine, not a measure: every submission judged, then shown.
  await expect(table.getByText('Accepted')).toHaveCount(3, { timeout: 60_000 });
  await expect(table.getByText('Wrong Answer')).toHaveCount(2, { timeout: 60_000 });
  await page.screenshot({ path: `${DOCS_SHOTS}/results-view.png`, fullPage: true });

  // Reviewing: a student who printed the sample's answer, their failed hidden test opened.
  await table.getByRole('link', { name: 'ishaan gupta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submissions of ishaan gupta' });
  const hidden = dialog.getByTestId('test-row').filter({ hasText: 'Hidden 1' });
  await hidden.getByRole('button', { name: 'Output and diff' }).click();
  const output = dialog.getByRole('region', { name: 'Hidden 1: expected and program output' });
  await expect(output.getByTestId('output-diff')).toBeVisible();
  await hidden.evaluate((row) => row.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: `${DOCS_SHOTS}/review-output.png` });

  // Grading by hand: a score set with its reason, the final score beside the judge's.
  const grade = dialog.getByRole('region', { name: gradingMessages.heading });
  await grade.getByRole('radio', { name: gradingMessages.kindAbsolute }).check();
  await grade.getByRole('textbox', { name: gradingMessages.valueLabel, exact: true }).fill('40');
  const reason = grade.getByRole('textbox', { name: gradingMessages.reasonLabel });
  await reason.fill('Right reading of the input; the sum is hard-coded');
  await reason.press('Enter');
  await expect(grade.getByRole('status')).toHaveText(gradingMessages.saved);
  // Its top just below the dialog's header, which stays in place while the dialog scrolls.
  await grade.evaluate((section) => {
    section.scrollIntoView({ block: 'start' });
    let box = section.parentElement;
    while (box && box.scrollHeight <= box.clientHeight) box = box.parentElement;
    if (box) box.scrollTop -= 90;
  });
  await page.screenshot({ path: `${DOCS_SHOTS}/grading.png` });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The class's statistics: passes per test, the wrong outputs, the score distribution.
  await page.getByRole('link', { name: 'Statistics', exact: true }).click();
  await expect(page.getByRole('img', { name: 'Score distribution' })).toBeVisible();
  await page.screenshot({ path: `${DOCS_SHOTS}/statistics-view.png`, fullPage: true });

  await dashMenu(page).getByRole('link', { name: 'Students' }).click();
  await expect(page.getByText('aarav sharma').first()).toBeVisible();
  await page.screenshot({ path: `${DOCS_SHOTS}/students-view.png`, fullPage: true });
});
