import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOCS_SHOTS } from './docs-shots.ts';
import { expect, test } from '@playwright/test';
import { readPackageFolder } from '../../src/server/problems/package-folder.ts';
import { zipFiles } from '../../src/server/problems/package-zip.ts';
import { dashMenu, signInAsAdmin } from './results-support.ts';
import { compilerFrame, typeCode, uniqueCode } from './compiler-support.ts';
import { newAccount, signUpThroughUi, studentScreen, toasts } from './support.ts';

// Issue 14 item 7: a teacher imports a Kattis package zip from the dashboard and reads the
// self-check; a student then solves the imported problem in C++.

const CPP_SOLUTION =
  '#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; std::cout << a + b << std::endl; }';

test('a teacher imports a problem package, reads the self-check, publishes the draft, and a student solves it in C++', async ({
  page,
  browser,
}) => {
  test.slow();
  const { files } = readPackageFolder(
    path.resolve(import.meta.dirname, '../fixtures/problems/aplusb'),
  );
  // The Python and C++ submissions (one per verdict each): the view is the same for 10 rows as
  // for 25, and what the judge makes of all 25 is tests/api/problem-import.test.ts's to check.
  for (const name of files.keys())
    if (name.startsWith('submissions/') && !/\.(py|cpp)$/u.test(name)) files.delete(name);
  const zip = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'package-')), 'aplusb.zip');
  fs.writeFileSync(zip, await zipFiles(files, 'aplusb'));
  const code = uniqueCode('PKG');

  await signInAsAdmin(page);
  await page
    .getByRole('navigation', { name: 'Dashboard menu' })
    .getByRole('link', { name: 'Import problem' })
    .click();
  await page.getByLabel('Problem package (.zip)').setInputFiles(zip);
  await page.getByLabel(/^Test code/u).fill(code);
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(toasts(page, `Challenge ${code} imported`)).toBeVisible({ timeout: 90_000 });
  const result = page.getByTestId('import-result');
  // The import answers first; the package's submissions are judged after, the table filling in.
  await expect(result.getByLabel(/^Judging the package’s submissions: \d+ of 10$/u)).toBeVisible();
  await expect(result.getByTestId('self-check-summary')).toHaveText(
    '10 of 10 agree with the package',
    { timeout: 120_000 },
  );
  const rows = result.getByTestId('self-check').locator('tbody tr');
  await expect(rows).toHaveCount(10);
  await expect(rows.filter({ hasText: 'time_limit_exceeded/loop.cpp' })).toContainText(
    'Time Limit Exceeded',
  );
  await result.scrollIntoViewIfNeeded();
  // The teacher guide's picture of an import (DOCS_SHOTS: npm run docs:screenshots), taken from
  // the top: a full-page picture of a scrolled page shows the sticky header in its middle.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${DOCS_SHOTS}/import-problem.png`, fullPage: true });

  // The student's side: the imported challenge accepts C++ among the others.
  // An imported problem is a draft (issue 32): Home lists it so, and students cannot open it.
  await dashMenu(page).getByRole('link', { name: 'Home' }).click();
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row.getByText('Draft', { exact: true })).toBeVisible();

  const student = await browser.newPage();
  await signUpThroughUi(student, newAccount('package'));
  const screen = studentScreen(student);
  await screen.testCode.fill(code);
  await screen.startTest.click();
  await expect(student.getByRole('alert')).toContainText('No challenge has this test code');

  await row.getByRole('button', { name: `Publish ${code}` }).click();
  await expect(row.getByText('Published', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Stop now ${code}` })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('challenge-published.png') });

  await student.reload();
  const frame = compilerFrame(student, code);
  // The statement's LaTeX math, typeset (issue 31 item 4).
  await expect(frame.getByText(/Read two integers/u)).toBeVisible();
  await expect(frame.locator('.katex').first()).toBeVisible();
  await frame.getByLabel('Language', { exact: true }).selectOption({ label: 'C++' });
  await typeCode(student, frame, CPP_SOLUTION);
  await frame.getByRole('button', { name: 'Submit' }).click();
  const verdict = frame.getByTestId('submit-result');
  await expect(verdict).toContainText('Accepted', { timeout: 60_000 });
  await expect(verdict.getByTestId('submission-score')).toHaveText('100 / 100');
});
