import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { createChallenge, uniqueCode } from './compiler-support.ts';
import {
  dashMenu,
  openChallenge,
  signInAsAdmin,
  studentForChallenge,
  submitCode,
} from './results-support.ts';

const SOLUTION = 'a, b = map(int, input().split())\nprint(a + b)\n';
const FIRST_TRY = 'print(3)\n';

test('a teacher watches a submission arrive live, reads the code, compares and downloads the xlsx', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const code = uniqueCode('RES');
  await createChallenge(request, code);

  // The teacher reaches the results from Home's list of challenges.
  await signInAsAdmin(page);
  await expect(dashMenu(page).getByRole('listitem')).toHaveText([
    'Home',
    'Exams',
    'Results',
    'Similarity',
    'Students',
    'Delete User',
    'Excel upload',
    'Import problem',
    // Issue 33's additions after the spec's items: Courses for all staff, Staff and the Audit
    // log for owners.
    'Courses',
    'Staff',
    'Audit log',
    'Logout',
  ]);
  await dashMenu(page).getByRole('link', { name: 'Home' }).click();
  await page
    .getByRole('row')
    .filter({ hasText: code })
    .getByRole('link', { name: 'Results' })
    .click();
  await expect(page).toHaveURL(new RegExp(`view=results&challengeId=${code}`));
  await expect(page.getByLabel('Challenge', { exact: true })).toHaveValue(code);
  const table = page.getByRole('table', { name: `Results of ${code}` });
  await expect(table.getByText('No students match these filters.')).toBeVisible();
  await expect(page.getByTestId('results-updated')).toHaveText(/^Updated \d\d:\d\d:\d\d$/);
  // Marks this document: if the page reloaded, the mark would be gone.
  await page.evaluate(() => {
    (window as unknown as { notReloaded?: boolean }).notReloaded = true;
  });

  // A student opens the test and submits twice, through the real compiler API.
  const student = await studentForChallenge(request, 'results', code);
  await openChallenge(request, student, code);
  const row = table.getByRole('row').filter({ hasText: student.email });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await submitCode(request, student, code, FIRST_TRY);
  await expect(row.getByTestId('best-score')).toHaveText(/^25 \(25%\)/, { timeout: 45_000 });
  await submitCode(request, student, code, SOLUTION);
  await expect(row.getByTestId('best-score')).toHaveText(/^100 \(100%\)/, { timeout: 45_000 });
  await expect(row).toContainText('Accepted');
  await expect(page.getByTestId('results-summary')).toContainText('Submitted1');
  expect(
    await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
  ).toBe(true);

  // Sorting is the server's: the sorted header says so.
  await table.getByRole('button', { name: 'Best score' }).click();
  await expect(table.getByRole('columnheader', { name: 'Best score' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );

  // The student's submissions: every test with hidden ones, and the code read only.
  await row.getByRole('link', { name: student.name }).click();
  await expect(page).toHaveURL(/student=/);
  const dialog = page.getByRole('dialog', { name: `Submissions of ${student.name}` });
  await expect(dialog.getByTestId('submissions-list').getByRole('row')).toHaveCount(3);
  const tests = dialog.getByTestId('submission-tests');
  await expect(tests.getByRole('rowheader')).toHaveText(['Sample 1', /Hidden 1/]);
  await tests.getByText('Input and output').nth(1).click();
  await expect(tests.getByText('40 2')).toBeVisible();
  await dialog.getByRole('tab', { name: 'Code' }).click();
  const codeView = dialog.getByRole('textbox', { name: /Code of submission 2, Python/ });
  await expect(codeView).toContainText('print(a + b)');
  await expect(codeView).toHaveAttribute('aria-readonly', 'true');
  // Compare: arrow keys move between the tabs, the diff shows what changed.
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('tab', { name: 'Compare' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(dialog.getByTestId('diff-stats')).toHaveText('Lines added: 2 · lines removed: 1');

  // The first try's failed hidden test (issue 34): opened from the keyboard, what the program
  // printed against the expected output, line by line, the differing text marked.
  await dialog.getByRole('button', { name: 'Submission 1', exact: true }).click();
  await dialog.getByRole('tab', { name: 'Tests' }).click();
  const hiddenRow = tests.getByTestId('test-row').filter({ hasText: 'Hidden 1' });
  const toggle = hiddenRow.getByRole('button', { name: 'Output and diff' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const output = dialog.getByRole('region', { name: 'Hidden 1: expected and program output' });
  await expect(output.getByTestId('output-diff-stats')).toHaveText('1 of 1 lines differ.');
  const diffRow = output.getByTestId('output-diff').locator('tbody tr');
  await expect(diffRow.locator('code')).toHaveText(['42⏎', '3⏎']);
  await expect(diffRow.locator('mark')).toHaveText(['42', '3']);
  await expect(output).toContainText('Nothing was written to stderr.');

  // The dialog survives a reload (its address says which student), and Escape closes it.
  await page.reload();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page).not.toHaveURL(/student=/);

  // The export: the file the server names, with the table's rows.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download .xlsx', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^results-${code}-\\d{4}-\\d\\d-\\d\\d\\.xlsx$`),
  );
  const file = await download.path();
  const workbook = new ExcelJS.Workbook();
  // exceljs takes an ArrayBuffer; Node 20's Buffer types do not match its declared Buffer.
  const bytes = await fs.readFile(file);
  await workbook.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  );
  const sheet = workbook.getWorksheet('Results');
  expect(sheet).toBeDefined();
  const header = (sheet?.getRow(1).values ?? []) as unknown[];
  const values = (sheet?.getRow(2).values ?? []) as unknown[];
  const cell = (name: string) => values[header.findIndex((h) => String(h).startsWith(name))];
  expect(cell('Email')).toBe(student.email);
  expect(cell('Best score')).toBe(100);
  expect(cell('Best verdict')).toBe('Accepted');
  expect(workbook.getWorksheet('Tests')).toBeDefined();
});
