// Defects a teacher met running an exam (issue 30 item 7), in the dashboard at 1280 x 800:
// the submissions dialog whose list shrank to 2 px once a test's data was open, wide tables cut
// off at the card's edge, an export that silently left out who never started, and a roster
// template offered only as .csv under "Excel upload". Each view is also photographed in light and
// dark mode (SCREENSHOT_DIR, test-results/ by default) to be looked at, not only asserted.
import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createChallenge, uniqueCode } from './compiler-support.ts';
import {
  adminToken,
  dashMenu,
  openChallenge,
  signInAsAdmin,
  studentForChallenge,
  submitCode,
} from './results-support.ts';
import { newAccount } from './support.ts';

const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-results';
const SOLUTION = 'a, b = map(int, input().split())\nprint(a + b)\n';
const SCHEMES = ['light', 'dark'] as const;

async function shoot(page: Page, name: string): Promise<void> {
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    // Transitions finished at once: a theme change fades colours in over a few frames.
    await page.screenshot({
      path: `${SHOTS}/teacher-${name}-${colorScheme}.png`,
      animations: 'disabled',
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

/** The page itself never scrolls sideways: only a table inside its card does. */
async function expectNoPageScrollX(page: Page): Promise<void> {
  const [scrollWidth, clientWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/**
 * After the last column is scrolled into view inside `scroller`: that column lies within the
 * scroller's box, the first column still starts at its left edge, and what is drawn at the first
 * cell's centre is that cell (an opaque sticky cell, not a column sliding under it).
 */
async function expectStickyFirstColumn(scroller: Locator, first: Locator, last: Locator) {
  await last.scrollIntoViewIfNeeded();
  const frame = await box(scroller);
  const lastBox = await box(last);
  expect(lastBox.x).toBeGreaterThanOrEqual(frame.x - 1);
  expect(lastBox.x + lastBox.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
  const firstBox = await box(first);
  expect(Math.abs(firstBox.x - frame.x)).toBeLessThanOrEqual(2);
  const onTop = await first.evaluate((cell) => {
    const r = cell.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && cell.contains(hit);
  });
  expect(onTop).toBe(true);
  // Opaque in both colour modes: columns scrolled under it must not show through.
  for (const colorScheme of SCHEMES) {
    await first.page().emulateMedia({ colorScheme });
    await expect(first.page().locator('html')).toHaveAttribute('data-theme', colorScheme);
    const background = await first.evaluate((cell) => getComputedStyle(cell).backgroundColor);
    expect(background, `${colorScheme} background`).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
  }
  await first.page().emulateMedia({ colorScheme: 'light' });
}

test('a teacher reaches every submission, every column, the whole roster and an .xlsx template', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const code = uniqueCode('TEACH');
  // Several tests with long data: opening one of them makes the dialog much taller than the screen.
  const long = Array.from({ length: 30 }, (_, i) => `${i} ${i + 1}`).join('\n');
  await createChallenge(request, code, {
    challengeName: 'Sum of two integers read from one line of standard input, printed on one line',
    captureTabChanges: true,
    disablePaste: true,
    testCases: [
      { input: '1 2\n', expectedOutput: '3\n', hidden: false, weight: 1 },
      { input: `40 2\n${long}\n`, expectedOutput: '42\n', hidden: false, weight: 1 },
      { input: `5 5\n${long}\n`, expectedOutput: '10\n', hidden: true, weight: 1 },
      { input: '7 8\n', expectedOutput: '15\n', hidden: true, weight: 1 },
    ],
  });
  const student = await studentForChallenge(request, 'teacher-defects', code);
  await openChallenge(request, student, code);
  for (const attempt of ['print(3)\n', 'print(42)\n', SOLUTION]) {
    await submitCode(request, student, code, attempt);
  }
  // A student who signed up and never opened the challenge: the gradebook must still list them.
  const absent = newAccount('never-started');
  expect((await request.post('/api/user/loginSignUp', { data: absent })).ok()).toBe(true);
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const { totalUsers } = (await (
    await request.get('/api/admin/getTotalStudentCount', { headers })
  ).json()) as { totalUsers: number };

  await signInAsAdmin(page);

  // ---- Home: the challenge list scrolls inside its card, the test code stays in view.
  await dashMenu(page).getByRole('link', { name: 'Home' }).click();
  const list = page.getByRole('table', { name: 'Challenges' });
  const homeRow = list.getByRole('row').filter({ hasText: code });
  await expectStickyFirstColumn(
    page.getByTestId('challenge-list-scroll'),
    homeRow.getByRole('cell').first(),
    homeRow.getByRole('link', { name: 'Results' }),
  );
  await expectNoPageScrollX(page);
  await shoot(page, 'home');
  // At 1280 px the list fits now (names wrap, dates break after the dash); narrower, it scrolls.
  await page.setViewportSize({ width: 1000, height: 800 });
  const homeScroll = page.getByTestId('challenge-list-scroll');
  expect(await homeScroll.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await expectStickyFirstColumn(
    homeScroll,
    homeRow.getByRole('cell').first(),
    homeRow.getByRole('link', { name: 'Results' }),
  );
  expect(await homeScroll.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expectNoPageScrollX(page);
  await shoot(page, 'home-1000px');
  await page.setViewportSize({ width: 1280, height: 800 });

  // ---- Results: the signal columns past the card's edge scroll into view, the name stays.
  await homeRow.getByRole('link', { name: 'Results' }).click();
  const table = page.getByRole('table', { name: `Results of ${code}` });
  const row = table.getByRole('row').filter({ hasText: student.email });
  await expect(row.getByTestId('best-score')).toHaveText(/^100 /, { timeout: 60_000 });
  const scroller = page.locator('.data-table__scroll');
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  // The last column is the row's actions (Accommodations), pinned to the right edge: the signal
  // column before it is the one that scrolls into view.
  await expectStickyFirstColumn(
    scroller,
    row.getByRole('rowheader'),
    row.getByRole('cell').nth(-2),
  );
  expect(await scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expect(row.getByRole('link', { name: student.name, exact: true })).toBeInViewport();
  await expectNoPageScrollX(page);

  // ---- The exports say what they hold; everyone on the roster is one click.
  await expect(page.getByTestId('export-view-text')).toHaveText('This view: 1 started');
  await expect(page.getByTestId('export-roster-text')).toHaveText(
    `Everyone on the roster (${totalUsers})`,
    { timeout: 15_000 },
  );
  const viewGroup = page.getByRole('group', { name: 'This view: 1 started' });
  await expect(
    viewGroup.getByRole('button', { name: 'Download .csv' }),
  ).toHaveAccessibleDescription('Downloads use the current filters and sort.');
  await page.getByLabel('Students', { exact: true }).selectOption('all');
  await expect(page.getByTestId('export-view-text')).toHaveText(
    `This view: everyone (${totalUsers})`,
  );
  await page.getByLabel('Students', { exact: true }).selectOption('started');
  await table.getByRole('row').first().scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Download .xlsx of everyone on the roster' }).focus();
  await page.keyboard.press('Tab');
  await shoot(page, 'results');
  const downloading = page.waitForEvent('download');
  const rosterCsv = page.getByRole('button', { name: 'Download .csv of everyone on the roster' });
  await rosterCsv.focus();
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^results-${code}-roster-\\d{4}-\\d\\d-\\d\\d\\.csv$`),
  );
  const csv = await fs.readFile(await download.path(), 'utf8');
  expect(csv.split('\r\n')).toHaveLength(totalUsers + 2);
  expect(csv).toContain(`${absent.email},,,,Not started`);
  expect(csv).toContain(`${student.email},`);

  // ---- The submissions dialog: with a test's data open, every submission is still reachable.
  await row.getByRole('link', { name: student.name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Submissions of ${student.name}` });
  const submissions = dialog.getByTestId('submissions-list');
  await expect(submissions.getByRole('row')).toHaveCount(4);
  const tests = dialog.getByTestId('submission-tests');
  await tests.getByText('Input and output').nth(1).click();
  await tests.getByText('Input and output').nth(2).click();
  await expect(tests.getByText('29 30').first()).toBeVisible();
  // The list keeps the height of its rows (it was squeezed to its 2 px border).
  const listBox = await box(dialog.locator('.submissions__list'));
  const rowsHeight = await submissions.evaluate((t) => t.getBoundingClientRect().height);
  expect(listBox.height).toBeGreaterThanOrEqual(Math.min(rowsHeight, 16 * 16) - 2);
  expect(listBox.height).toBeGreaterThan(100);
  await tests.getByText('Input and output').nth(2).scrollIntoViewIfNeeded();
  await shoot(page, 'submissions-dialog-scrolled');
  // Scrolling back reaches the first submission's Re-judge, which then works.
  const rejudgeFirst = submissions.getByRole('button', { name: 'Re-judge submission 1' });
  await rejudgeFirst.scrollIntoViewIfNeeded();
  await expect(rejudgeFirst).toBeInViewport();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeInViewport();
  await rejudgeFirst.click();
  await expect(
    submissions.getByRole('row').filter({ hasText: 'Submission 1' }).getByText('re-judged'),
  ).toBeVisible({ timeout: 45_000 });
  await shoot(page, 'submissions-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // ---- Excel upload: the .xlsx template too, which uploads once filled in.
  await dashMenu(page).getByRole('link', { name: 'Excel upload' }).click();
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download template', exact: true }).click();
  expect((await csvDownload).suggestedFilename()).toBe('Template.csv');
  const xlsxDownload = page.waitForEvent('download');
  const xlsxButton = page.getByRole('button', { name: 'Excel template (.xlsx)' });
  await xlsxButton.focus();
  await page.keyboard.press('Enter');
  const template = await xlsxDownload;
  expect(template.suggestedFilename()).toBe('Template.xlsx');
  const workbook = new ExcelJS.Workbook();
  const bytes = await fs.readFile(await template.path());
  await workbook.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  );
  const sheet = workbook.worksheets[0];
  expect(sheet?.getRow(1).values).toEqual([
    undefined,
    'Name',
    'Email',
    'Year',
    'Branch',
    'College Name',
  ]);
  const filled = newAccount('from-template');
  sheet?.addRow([filled.name, filled.email, '2', 'CSE', 'GEC']);
  const upload = Buffer.from(await workbook.xlsx.writeBuffer());
  await page
    .getByLabel('Student list (.xlsx, .xls or .csv)')
    .setInputFiles({ name: 'Template.xlsx', mimeType: 'application/octet-stream', buffer: upload });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('User File Added Successfully')).toBeVisible();
  // Keyboard focus, so the screenshot shows the focus ring.
  await page.getByRole('button', { name: 'Download template', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(xlsxButton).toBeFocused();
  await shoot(page, 'excel-upload');
});
