import { expect, test } from '@playwright/test';
import {
  compilerFrame,
  createChallenge,
  editorText,
  statementSeenByFrame,
  typeCode,
  uniqueCode,
} from './compiler-support.ts';
import { newAccount, signUpThroughUi, studentScreen } from './support.ts';

// A one-line solution: typing it needs no indentation, which the editor adds by itself.
const SOLUTION = 'print(sum(map(int, input().split())))';
const SHOTS = process.env.COMPILER_SCREENSHOT_DIR ?? 'test-results';

test('a student opens the test, runs, reloads (draft restored), submits and sees the score', async ({
  page,
  request,
}) => {
  // The whole journey (two runs, a reload and a judged submission) in one test.
  test.slow();
  const code = uniqueCode('SUM');
  await createChallenge(request, code);
  const account = newAccount('compiler');
  await signUpThroughUi(page, account);
  const screen = studentScreen(page);
  await screen.testCode.fill(code);
  await screen.startTest.click();
  await expect(page).toHaveURL(new RegExp(`/challenges/${code}$`));
  await expect(page.getByRole('banner')).toContainText(account.email);

  const frame = compilerFrame(page, code);
  await expect(frame.getByRole('heading', { name: 'Sum of two' })).toBeVisible();
  await expect(frame.getByText('Read two integers on one line and print their sum.')).toBeVisible();
  // The token came in the address's fragment and is gone from it now (issue 15 item 4).
  const compilerPage = page.frames().find((f) => f.url().includes(`/compiler/${code}`));
  expect(compilerPage?.url()).toMatch(new RegExp(`/compiler/${code}\\?appKey=[\\w-]+$`));
  expect(compilerPage?.url()).not.toContain('token');
  // A reload of the frame alone still has it (kept in the tab, not in the address).
  await compilerPage?.evaluate(() => {
    document.body.dataset.beforeReload = 'yes';
    window.location.reload();
  });
  await expect(frame.locator('body[data-before-reload]')).toHaveCount(0);
  await expect(frame.getByRole('heading', { name: 'Sum of two' })).toBeVisible();
  await expect(frame.getByTestId('countdown')).toHaveText(/^(60:00|59:\d\d)$/);
  await expect(page.getByTestId('test-status')).toHaveText('Test in progress');
  // The starter code is in the editor.
  expect(await editorText(frame)).toContain('# read two numbers, print their sum');

  await typeCode(page, frame, SOLUTION);
  // Ctrl+Enter runs on the samples.
  await page.keyboard.press('ControlOrMeta+Enter');
  const run = frame.getByTestId('run-result');
  await expect(run).toContainText('Accepted', { timeout: 20_000 });
  await expect(run.getByTestId('sample-outcome')).toHaveCount(1);

  // Custom input shows stdout.
  await frame.getByLabel('Run on my own input instead of the samples').check();
  await frame.getByLabel('Custom input (stdin)').fill('20 22\n');
  await frame.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(run).toContainText('42', { timeout: 20_000 });

  await expect(frame.getByTestId('draft-status')).toContainText('Draft saved on this computer');
  await page.reload();
  await expect(frame.getByTestId('draft-status')).toContainText('Your saved draft was restored.');
  expect(await editorText(frame)).toBe(SOLUTION);

  await frame.getByRole('button', { name: 'Submit' }).click();
  const result = frame.getByTestId('submit-result');
  await expect(result).toContainText('Accepted', { timeout: 30_000 });
  await expect(result.getByTestId('submission-score')).toHaveText('100 / 100');
  await expect(result.getByTestId('hidden-summary')).toHaveText('Hidden tests: 1 of 1 passed');
  await expect(frame.getByTestId('best-score')).toHaveText('100 / 100');
  // The test screen heard about it from the frame.
  await expect(page.getByTestId('test-status')).toHaveText(
    'Last submission: 100 of 100 points · best 100',
  );
});

test('a wrong answer scores only the tests it passes, with per-test verdicts', async ({
  page,
  request,
}) => {
  const code = uniqueCode('PART');
  await createChallenge(request, code);
  await signUpThroughUi(page, newAccount('partial'));
  await page.goto(`/challenges/${code}`);
  const frame = compilerFrame(page, code);
  // Right on the sample (1 2), wrong on the hidden test (40 2).
  await typeCode(page, frame, 'print(3)');
  await frame.getByRole('button', { name: 'Submit' }).click();
  const result = frame.getByTestId('submit-result');
  await expect(result).toContainText('Wrong Answer', { timeout: 30_000 });
  await expect(result.getByTestId('submission-score')).toHaveText('25 / 100');
  await expect(result.getByTestId('hidden-summary')).toContainText('0 of 1 passed');
});

test('a submission made offline is queued, shown as pending and sent once when back online', async ({
  page,
  context,
  request,
}) => {
  const code = uniqueCode('OFF');
  await createChallenge(request, code);
  await signUpThroughUi(page, newAccount('offline'));
  await page.goto(`/challenges/${code}`);
  const frame = compilerFrame(page, code);
  await expect(frame.getByTestId('countdown')).toBeVisible();
  await typeCode(page, frame, SOLUTION);

  await context.setOffline(true);
  await expect(frame.getByText('Run needs the network.')).toBeVisible();
  // Run says so in a toast and keeps the code.
  await frame.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(
    frame.getByRole('status').filter({ hasText: 'Run needs the network' }).first(),
  ).toBeVisible();
  await frame.getByRole('button', { name: 'Submit' }).click();
  await expect(frame.getByTestId('pending-submission')).toHaveCount(1);
  await expect(frame.getByTestId('submit-result')).toHaveCount(0);
  // The note under the buttons says the submission is kept, not that Run needs the network
  // (a teacher read that as the submission lost, issue 30), in a live region.
  const note = frame.getByTestId('offline-note');
  await expect(note).toHaveText(
    'You are offline. Your submission is saved on this computer and will be sent once, as soon as the network returns.',
  );
  await expect(frame.getByRole('status').filter({ has: note })).toHaveCount(1);
  await expect(note).not.toContainText('Run needs the network');
  await note.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/offline-submission-kept.png` });

  await context.setOffline(false);
  await expect(note).toHaveCount(0);
  const result = frame.getByTestId('submit-result');
  await expect(result).toContainText('Accepted', { timeout: 30_000 });
  await expect(frame.getByTestId('pending-submission')).toHaveCount(0);

  // The server has exactly one submission: ask it as the page does, with the page's own token.
  expect(await statementSeenByFrame(page, request, code)).toMatchObject({
    submissionCount: 1,
    bestScore: 100,
  });
});

test('when time is up the page submits the last draft once by itself', async ({
  page,
  request,
}) => {
  const code = uniqueCode('TIME');
  await createChallenge(request, code, { timeDur: 1 });
  await signUpThroughUi(page, newAccount('timeup'));
  // The browser's clock is under the test's control; the server's is real, so the submission
  // reaches it well inside the deadline it fixed.
  await page.clock.install();
  await page.goto(`/challenges/${code}`);
  const frame = compilerFrame(page, code);
  await expect(frame.getByTestId('countdown')).toHaveText(/^(01:00|00:5\d)$/);
  await typeCode(page, frame, SOLUTION);
  await expect(frame.getByTestId('draft-status')).toContainText('Draft saved on this computer');

  await page.clock.fastForward('01:05');
  await expect(frame.getByText('Time is up', { exact: true }).first()).toBeVisible();
  await expect(frame.getByRole('button', { name: 'Submit' })).toBeDisabled();
  const result = frame.getByTestId('submit-result');
  await expect(result).toContainText('Accepted', { timeout: 30_000 });
  await expect(result.getByTestId('submission-score')).toHaveText('100 / 100');
  await expect(page.getByTestId('test-status')).toContainText('Last submission: 100 of 100');

  // Once: after a reload the page follows the server's clock again (time is not up there yet);
  // when it runs out once more, nothing is submitted a second time.
  await page.reload();
  await expect(frame.getByTestId('countdown')).toBeVisible();
  await page.clock.fastForward('01:05');
  await expect(frame.getByText('Time is up', { exact: true }).first()).toBeVisible();
  // Rendered with the time-up state: an auto-submit would show 'Judging…' here.
  await expect(frame.getByRole('button', { name: 'Submit', exact: true })).toBeDisabled();
  await expect(frame.getByTestId('submit-result')).toHaveCount(0);
  expect(await statementSeenByFrame(page, request, code)).toMatchObject({ submissionCount: 1 });
});
