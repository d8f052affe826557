// Issue 13 in the browser: Submit answers at once and the page follows the submission through
// the judge queue (its place in line, then the result), also across a network cut after the 202.
import { expect, test } from '@playwright/test';
import {
  compilerFrame,
  createChallenge,
  editorText,
  typeCode,
  uniqueCode,
} from './compiler-support.ts';
import { newAccount, signUpThroughUi } from './support.ts';

const SOLUTION = 'print(sum(map(int, input().split())))';

test('a submission shows its place in line, then its result', async ({ page, request }) => {
  test.setTimeout(150_000);
  const code = uniqueCode('LINE');
  // Two tests at a 6 s limit: the endless loop holds the student's turn for 13 s or more, longer
  // than typing the second program takes on a busy machine.
  await createChallenge(request, code, {
    timeLimitMs: 6000,
    testCases: [
      { input: '1 2\n', expectedOutput: '3\n', hidden: false, weight: 1 },
      { input: '40 2\n', expectedOutput: '42\n', hidden: true, weight: 1 },
    ],
  });
  await signUpThroughUi(page, newAccount('line'));
  await page.goto(`/challenges/${code}`);
  const frame = compilerFrame(page, code);
  await expect(frame.getByTestId('countdown')).toBeVisible();

  await typeCode(page, frame, 'while True: pass');
  await frame.getByRole('button', { name: 'Submit' }).click();
  await expect(frame.getByTestId('submission-progress')).toHaveAttribute('data-status', 'running');
  // The second waits behind the student's own first one (one at a time per student).
  await typeCode(page, frame, SOLUTION);
  await frame.getByRole('button', { name: 'Submit' }).click();
  const progress = frame.getByTestId('submission-progress');
  await expect(progress).toHaveAttribute('data-status', 'queued');
  await expect(progress).toContainText(/Waiting for the judge: number \d+ in line/);

  const result = frame.getByTestId('submit-result');
  // A bound, not a measure: the endless loop uses its 6 s of CPU on each of two tests, which on a
  // loaded machine (other servers judging too) is well over 12 s of wall time.
  await expect(result).toContainText('Accepted', { timeout: 90_000 });
  await expect(result.getByTestId('submission-score')).toHaveText('100 / 100');
  await expect(progress).toHaveCount(0);

  // The history lists both, newest first; the endless loop can be loaded back into the editor.
  const history = frame.getByTestId('submission-history');
  await history.getByText('Your submissions (2)').click();
  const items = history.getByRole('listitem');
  await expect(items.nth(0)).toContainText('Accepted');
  await expect(items.nth(1)).toContainText('Time Limit Exceeded');
  await items
    .nth(1)
    .getByRole('button', { name: /Load the submission of/ })
    .click();
  await expect.poll(() => editorText(frame)).toBe('while True: pass');
});

test('with the network cut after the 202, the result appears when it is back', async ({
  page,
  context,
  request,
}) => {
  const code = uniqueCode('CUT');
  await createChallenge(request, code);
  await signUpThroughUi(page, newAccount('cut'));
  await page.goto(`/challenges/${code}`);
  const frame = compilerFrame(page, code);
  await expect(frame.getByTestId('countdown')).toBeVisible();
  await typeCode(page, frame, SOLUTION);

  // Every follow-up call fails as on a dead lab network; Submit itself gets through.
  await context.route('**/api/compiler/result/**', (route) => route.abort('internetdisconnected'));
  const accepted = page.waitForResponse(
    (r) => r.url().endsWith('/api/compiler/submit') && r.status() === 202,
  );
  await frame.getByRole('button', { name: 'Submit' }).click();
  await accepted;
  const progress = frame.getByTestId('submission-progress');
  await expect(progress).toContainText('Its result will appear here when the network is back');
  await expect(frame.getByTestId('submit-result')).toHaveCount(0);

  // The network returns (the browser says so): the page asks again and shows the verdict.
  await context.unroute('**/api/compiler/result/**');
  await context.setOffline(true);
  await context.setOffline(false);
  const result = frame.getByTestId('submit-result');
  // A bound on a loaded machine, not a measure.
  await expect(result).toContainText('Accepted', { timeout: 30_000 });
  await expect(result.getByTestId('submission-score')).toHaveText('100 / 100');
  await expect(progress).toHaveCount(0);
});
