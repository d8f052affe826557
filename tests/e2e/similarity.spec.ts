/**
 * The similarity report in the browser (issue 17): four students hand in programs through the
 * real compiler API (a copy, its original and two independent solutions, from
 * tests/fixtures/similarity/python); the teacher opens Similarity from the dashboard menu, sees
 * the copied pair ranked first, opens it side by side with the shared regions marked, walks them
 * with the keyboard and comes back to the pairs. Screenshots of both views, light and dark, are
 * kept in the test's output folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createChallenge, uniqueCode } from './compiler-support.ts';
import {
  dashMenu,
  openChallenge,
  signInAsAdmin,
  studentForChallenge,
  submitCode,
} from './results-support.ts';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/similarity/python');
const read = (name: string) => fs.readFileSync(path.join(fixtures, `${name}.py`), 'utf8');

async function shoot(page: Page, file: string) {
  await page.screenshot({ path: test.info().outputPath(file), fullPage: true });
}

test('a teacher finds the copied pair and reads it side by side', async ({ page, request }) => {
  test.setTimeout(120_000);
  const code = uniqueCode('SIM');
  await createChallenge(request, code, {
    challengeName: 'Primes and runs',
    starterCode: read('starter'),
  });
  const programs: [string, string][] = [
    ['asha', 'original'],
    ['bala', 'copy-renamed'],
    ['chitra', 'independent-1'],
    ['dev', 'independent-2'],
  ];
  for (const [tag, file] of programs) {
    const student = await studentForChallenge(request, tag, code);
    await openChallenge(request, student, code);
    // Judged or not, a student's submission stands for them (their last, until one is best).
    await submitCode(request, student, code, read(file));
  }

  await signInAsAdmin(page);
  await dashMenu(page).getByRole('link', { name: 'Similarity' }).click();
  await expect(page).toHaveURL(/view=similarity/);
  await expect(page.getByRole('heading', { name: 'Similarity', level: 2 })).toBeVisible();
  await page.getByLabel('Challenge', { exact: true }).selectOption(code);

  const table = page.getByRole('table', {
    name: `Pairs of ${code} at 50 % or more, most similar first`,
  });
  await expect(table).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('similarity-compared')).toContainText('Students compared: 4');
  const rows = table.getByTestId('similarity-pair');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('student asha');
  await expect(rows.first()).toContainText('student bala');
  await expect(rows.first()).toContainText('Python');
  const percent = Number(
    (await rows.first().locator('.similarity__percent').innerText()).split(' ')[0],
  );
  expect(percent).toBeGreaterThanOrEqual(80);

  // At the lowest threshold the copy stays first (the independent solutions share only the
  // starter code, which is not counted, so they stay below it).
  await page.getByLabel('Show pairs from').selectOption('20');
  const low = page.getByRole('table', {
    name: `Pairs of ${code} at 20 % or more, most similar first`,
  });
  await expect(low).toBeVisible();
  await expect(low.getByTestId('similarity-pair').first()).toContainText('student bala');
  await shoot(page, 'similarity-report-light.png');

  // The copied pair side by side: both programs, the shared regions marked.
  const compare = low
    .getByTestId('similarity-pair')
    .first()
    .getByRole('link', {
      name: /^Compare student (asha|bala) and student (asha|bala) side by side$/,
    });
  await compare.click();
  await expect(page).toHaveURL(/pair=/);
  const title = page.getByRole('heading', { level: 3, name: /% similar$/ });
  await expect(title).toBeFocused();
  await expect(title).toContainText('student asha');
  const panes = page.getByTestId('similarity-code');
  await expect(panes).toHaveCount(2);
  for (const pane of await panes.all()) {
    await expect(pane.locator('mark').first()).toBeVisible();
    // The starter code's main() body is in both programs, and not marked.
    await expect(pane.locator('mark', { hasText: 'sys.stdin.read()' })).toHaveCount(0);
    await expect(pane).toContainText('data = sys.stdin.read().split()');
  }
  const original = page.getByRole('region', {
    name: "student asha's code (Python), shared regions marked",
  });
  // The body of is_prime is marked (its first line joins the starter's first lines, and was
  // left out with them).
  await expect(
    original.locator('mark', { hasText: 'while divisor * divisor <= value:' }),
  ).toHaveCount(1);
  await shoot(page, 'similarity-pair-light.png');

  // The keyboard walks the shared regions of a side.
  const next = page
    .locator(`button[aria-controls="${await original.getAttribute('id')}"]`)
    .filter({ hasText: 'Next shared region' });
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(original.locator('mark[data-region-start="0"]')).toBeFocused();
  // Each press goes on to the next region, and from the last back to the first.
  const regions = await original.locator('mark[data-region-start]').count();
  for (let region = 1; region <= regions; region += 1) {
    await next.click();
    await expect(original.locator(`mark[data-region-start="${region % regions}"]`)).toBeFocused();
  }

  // Dark mode keeps the marks readable.
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await shoot(page, 'similarity-pair-dark.png');
  await page.getByRole('button', { name: 'Switch to light mode' }).click();

  // Back to the pairs: the threshold is kept and the pair's link has the focus again.
  await page.getByRole('link', { name: 'Back to the pairs' }).click();
  await expect(low).toBeVisible();
  await expect(compare).toBeFocused();
});

test('the report says so when no pair reaches the threshold', async ({ page, request }) => {
  const code = uniqueCode('SIM');
  await createChallenge(request, code, { starterCode: read('starter') });
  for (const [tag, file] of [
    ['esha', 'independent-1'],
    ['farid', 'independent-2'],
  ] as const) {
    const student = await studentForChallenge(request, tag, code);
    await openChallenge(request, student, code);
    await submitCode(request, student, code, read(file));
  }
  await signInAsAdmin(page);
  await page.goto(`/adminDash?view=similarity&challengeId=${code}`);
  await expect(page.getByText('No pairs above the threshold.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('similarity-compared')).toContainText('Students compared: 2');
});

test('a pair sharing only a few obvious lines is too short to compare', async ({
  page,
  request,
}) => {
  // Issue 37: a copy (0.84, sharing most of the program) and two students who wrote the same
  // five obvious lines (100 %, sharing a few tokens). The copy comes first with its shared size;
  // the short pair after it, without a score; a lower minimum in the settings lets it stand.
  test.setTimeout(120_000);
  const short = (name: string) =>
    fs.readFileSync(path.join(fixtures, 'short', `${name}.py`), 'utf8');
  const code = uniqueCode('SIM');
  await createChallenge(request, code, { challengeName: 'Evens', starterCode: read('starter') });
  const programs: [string, string][] = [
    ['gita', read('original')],
    ['hari', read('copy-deadcode')],
    ['ishan', short('short-2')],
    ['jaya', short('short-6')],
  ];
  for (const [tag, program] of programs) {
    const student = await studentForChallenge(request, tag, code);
    await openChallenge(request, student, code);
    await submitCode(request, student, code, program);
  }
  await signInAsAdmin(page);
  await page.goto(`/adminDash?view=similarity&challengeId=${code}`);
  await page.getByLabel('Show pairs from').selectOption('20');
  const table = page.getByRole('table', {
    name: `Pairs of ${code} at 20 % or more, most similar first`,
  });
  await expect(table).toBeVisible({ timeout: 20_000 });
  await expect(
    table.getByRole('columnheader', { name: 'Shared beyond the starter code' }),
  ).toBeVisible();
  const rows = table.getByTestId('similarity-pair');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('student hari');
  await expect(rows.nth(0).locator('.similarity__percent')).toBeVisible();
  await expect(rows.nth(0).getByTestId('similarity-shared')).toContainText(
    /^\d{3} tokens, \d+ lineslongest run \d+ lines \(\d+ tokens\)$/,
  );
  await expect(rows.nth(1)).toContainText('student ishan');
  await expect(rows.nth(1).getByTestId('similarity-too-short')).toHaveText('too short to compare');
  await expect(rows.nth(1).locator('.similarity__percent')).toHaveCount(0);
  await expect(rows.nth(1).getByTestId('similarity-shared')).toContainText(
    /^\d{1,2} tokens, \d lines/,
  );
  await expect(page.getByTestId('similarity-meaning')).toContainText('It does not prove copying');
  await shoot(page, 'similarity-evidence-light.png');
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await shoot(page, 'similarity-evidence-dark.png');
  await page.getByRole('button', { name: 'Switch to light mode' }).click();

  // The short pair side by side says why it has no score.
  await rows
    .nth(1)
    .getByRole('link', { name: /^Compare / })
    .click();
  await expect(
    page.getByRole('heading', { level: 3, name: /too short to compare$/ }),
  ).toBeFocused();
  await expect(page.getByTestId('similarity-pair-shared')).toContainText('Fewer than 60 tokens');
  await page.getByRole('link', { name: 'Back to the pairs' }).click();

  // A lower minimum, set beside the report, lets the short pair's score stand.
  await page.getByText('Similarity settings').click();
  await page.getByLabel('Minimum shared tokens').fill('10');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Similarity settings saved.')).toBeVisible();
  await expect(table.getByTestId('similarity-too-short')).toHaveCount(0, { timeout: 20_000 });
  await expect(table.getByTestId('similarity-pair').nth(0)).toContainText('student ishan');
});
