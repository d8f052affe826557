import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { readPackageFolder } from '../../src/server/problems/package-folder.ts';
import { zipFiles } from '../../src/server/problems/package-zip.ts';
import { dashMenu, signInAsAdmin } from './results-support.ts';
import { compilerFrame, typeCode, uniqueCode } from './compiler-support.ts';
import { newAccount, signUpThroughUi, studentScreen, toasts } from './support.ts';

// Issue 35 item 4: a teacher imports an interactive package (the guess fixture); a student's Run
// plays each sample's interaction with the interactor and shows the verdict, and the page offers
// no custom input for it. What the judge makes of every labelled submission is
// tests/api/interactive-import.test.ts's to check: one accepted submission keeps this short.

const SHOTS = process.env.SHOTS_DIR;

test('a student runs an imported interactive problem on its samples', async ({ page, browser }) => {
  test.slow();
  const { files } = readPackageFolder(
    path.resolve(import.meta.dirname, '../fixtures/problems/guess'),
  );
  // The fixture's binary.cpp on one line: the editor indents and closes brackets as it is typed.
  const solution =
    '#include <iostream>\n#include <string>\nint main() { int lo = 1, hi = 1000; std::string a; ' +
    'while (true) { int m = (lo + hi) / 2; std::cout << m << std::endl; ' +
    'if (!(std::cin >> a) || a == "correct") return 0; if (a == "higher") lo = m + 1; else hi = m - 1; } }';
  for (const name of files.keys())
    if (name.startsWith('submissions/') && name !== 'submissions/accepted/binary.py')
      files.delete(name);
  const zip = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'package-')), 'guess.zip');
  fs.writeFileSync(zip, await zipFiles(files, 'guess'));
  const code = uniqueCode('GUESS');

  await signInAsAdmin(page);
  await page
    .getByRole('navigation', { name: 'Dashboard menu' })
    .getByRole('link', { name: 'Import problem' })
    .click();
  await page.getByLabel('Problem package (.zip)').setInputFiles(zip);
  await page.getByLabel(/^Test code/u).fill(code);
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(toasts(page, `Challenge ${code} imported`)).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('self-check-summary')).toHaveText('1 of 1 agree with the package', {
    timeout: 60_000,
  });
  await dashMenu(page).getByRole('link', { name: 'Home' }).click();
  const row = page.getByRole('row').filter({ hasText: code });
  await row.getByRole('button', { name: `Publish ${code}` }).click();
  await expect(row.getByText('Published', { exact: true })).toBeVisible();

  const student = await browser.newPage();
  await signUpThroughUi(student, newAccount('interactive'));
  const screen = studentScreen(student);
  await screen.testCode.fill(code);
  await screen.startTest.click();
  const frame = compilerFrame(student, code);
  await expect(frame.getByTestId('interactive-note')).toContainText(
    'This is an interactive problem',
  );
  await expect(frame.getByLabel('Run on my own input instead of the samples')).toHaveCount(0);
  await frame.getByLabel('Language', { exact: true }).selectOption({ label: 'C++' });
  await typeCode(student, frame, solution);
  await frame.getByRole('button', { name: 'Run', exact: true }).click();
  const run = frame.getByTestId('run-result');
  await expect(run).toContainText('Accepted', { timeout: 30_000 });
  await expect(run.getByTestId('sample-outcome')).toHaveCount(1);
  if (SHOTS) {
    for (const scheme of ['light', 'dark'] as const) {
      await student.emulateMedia({ colorScheme: scheme });
      await run.scrollIntoViewIfNeeded();
      await student.screenshot({ path: `${SHOTS}/interactive-run-${scheme}.png` });
    }
  }
});
