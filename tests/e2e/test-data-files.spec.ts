import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOCS_SHOTS } from './docs-shots.ts';
import { expect, test } from '@playwright/test';
import { formatBytes } from '../../src/contract/test-data.ts';
import { compilerFrame, typeCode, uniqueCode } from './compiler-support.ts';
import { dashMenu, signInAsAdmin } from './results-support.ts';
import { newAccount, signUpThroughUi, studentScreen, toasts } from './support.ts';

// Issue 14 item 6, the form's side: a teacher loads a hidden test's input and expected output
// from files (about 3 MB of numbers and their sum), finds them again in the edit form, and a
// student's Python program is judged on them.

const COUNT = 420_000;

/** numbers.txt (one number a line, ~3 MB) and sum.txt, written to a fresh folder. */
function writeTestFiles() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-data-'));
  const numbers = Array.from({ length: COUNT }, (_, i) => (i * 7919) % 1_000_003);
  const input = path.join(dir, 'numbers.txt');
  const answer = path.join(dir, 'sum.txt');
  fs.writeFileSync(input, `${numbers.join('\n')}\n`);
  fs.writeFileSync(answer, `${numbers.reduce((a, b) => a + b, 0)}\n`);
  return {
    input,
    answer,
    inputSize: formatBytes(fs.statSync(input).size),
    answerSize: formatBytes(fs.statSync(answer).size),
  };
}

const SOLUTION = 'import sys; print(sum(map(int, sys.stdin.read().split())))';

test('a teacher loads a hidden test from files, sees them when editing, and a student is judged on them', async ({
  page,
}) => {
  test.slow();
  const files = writeTestFiles();
  const code = uniqueCode('FILES');

  await signInAsAdmin(page);
  await dashMenu(page).getByRole('link', { name: 'Home' }).click();
  await page.getByRole('link', { name: 'Add challenge' }).click();
  await page.getByLabel('Challenge name').fill('Sum of many');
  await page.getByLabel('Challenge Id (the test code students type)').fill(code);
  await page
    .getByLabel('Description (the statement students read)')
    .fill('Read integers, one a line, and print their sum.');
  await page.getByLabel('Difficulty').selectOption('easy');
  await page.getByLabel('Language').selectOption('python');
  await page.getByLabel('Score').fill('100');
  await page.getByLabel('Duration (minutes)').fill('30');
  await page.getByLabel('Start date').fill('2020-01-01');
  await page.getByLabel('End date').fill('2099-12-31');
  await page.getByLabel('Tags').fill('math');

  const sample = page.getByRole('listitem', { name: 'Test 1' });
  await sample.getByLabel('Input (stdin)').fill('1\n2\n3\n');
  await sample.getByLabel('Expected output').fill('6\n');
  // Samples are shown to students: they stay text.
  await expect(sample.getByLabel(/^Load from a file/u)).toHaveCount(0);

  await page.getByRole('button', { name: 'Add test case' }).click();
  const hidden = page.getByRole('listitem', { name: 'Test 2' });
  await expect(hidden.getByLabel('Hidden from students')).toBeChecked();
  await hidden.getByLabel("Load from a file: Test 2's input").setInputFiles(files.input);
  const inputCard = hidden.getByRole('group', { name: 'Input (stdin)' });
  await expect(inputCard).toContainText(`numbers.txt, ${files.inputSize}`);
  await expect(hidden.getByRole('textbox', { name: 'Input (stdin)' })).toHaveCount(0);
  await hidden.getByLabel("Load from a file: Test 2's output").setInputFiles(files.answer);
  await expect(hidden.getByRole('group', { name: 'Expected output' })).toContainText(
    `sum.txt, ${files.answerSize}`,
  );

  // What was stored is what was chosen.
  const downloading = page.waitForEvent('download');
  await inputCard.getByRole('button', { name: "Download: Test 2's input" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('numbers.txt');
  expect(fs.readFileSync(await download.path()).equals(fs.readFileSync(files.input))).toBe(true);

  await hidden.scrollIntoViewIfNeeded();
  await page
    .getByRole('group', { name: 'Test cases' })
    .screenshot({ path: `${DOCS_SHOTS}/test-data-files.png` });
  await page.getByRole('button', { name: 'Create challenge' }).click();
  await expect(toasts(page, 'Challenge created')).toBeVisible();

  // The edit form shows the stored files by their size (the server does not keep names).
  await dashMenu(page).getByRole('link', { name: 'Home' }).click();
  await page.getByRole('link', { name: code, exact: true }).click();
  const loaded = page.getByRole('form', { name: 'Loaded challenge' });
  const stored = loaded.getByRole('listitem', { name: 'Test 2' });
  await expect(stored.getByRole('group', { name: 'Input (stdin)' })).toContainText(
    `Stored file, ${files.inputSize}`,
  );
  await expect(stored.getByRole('group', { name: 'Expected output' })).toContainText(
    `Stored file, ${files.answerSize}`,
  );
  await expect(
    loaded.getByRole('listitem', { name: 'Test 1' }).getByLabel('Input (stdin)'),
  ).toHaveValue('1\n2\n3\n');
  // Saved again untouched, the files stay.
  await loaded.getByRole('button', { name: 'Update challenge' }).click();
  await expect(toasts(page, 'Challenge updated')).toBeVisible();

  // The student's side: the hidden test's 3 MB input reaches the program.
  await page.getByRole('button', { name: 'Logout' }).click();
  await signUpThroughUi(page, newAccount('files'));
  const screen = studentScreen(page);
  await screen.testCode.fill(code);
  await screen.startTest.click();
  const frame = compilerFrame(page, code);
  await typeCode(page, frame, SOLUTION);
  await frame.getByRole('button', { name: 'Submit' }).click();
  const verdict = frame.getByTestId('submit-result');
  await expect(verdict).toContainText('Accepted', { timeout: 60_000 });
  await expect(verdict.getByTestId('submission-score')).toHaveText('100 / 100');
});
