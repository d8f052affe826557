/**
 * Exams in the browser (issue 31): the teacher builds a three-problem exam (one problem a pool of
 * two) through the form; a student types its code in mixed case with spaces, takes it with the
 * network cut in the middle (drafts kept across problems, two submissions made offline and sent
 * once when it returns) and finishes; the teacher's matrix fills in by itself and exports.
 * Needs the exams server side (src/server/exams/), built on another branch.
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { createChallenge, editorText, typeCode, uniqueCode } from './compiler-support.ts';
import {
  createExamThroughUi,
  examRow,
  problemEntry,
  problemFrame,
  typedAsStudent,
} from './exams-support.ts';
import { openControlled } from './pwa-support.ts';
import { DOCS_SHOTS } from './docs-shots.ts';
import { signInAsAdmin } from './results-support.ts';
import { newAccount, signUpThroughUi, studentScreen } from './support.ts';

// One line, so the editor adds no indentation; right on every test of createChallenge's default.
const SOLUTION = 'print(sum(map(int, input().split())))';
const WRONG = 'print(3)';
// The teacher guide's screenshots are taken here (DOCS_SHOTS: npm run docs:screenshots).
const SHOTS = DOCS_SHOTS;

test('a student takes a pooled exam through a network cut; the teacher watches the matrix and exports it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const names = {
    first: 'Sum of two (exam)',
    poolA: 'Pool twin A',
    poolB: 'Pool twin B',
    third: 'Sum again',
  };
  const ids = {
    first: uniqueCode('EXA'),
    poolA: uniqueCode('EXB'),
    poolB: uniqueCode('EXC'),
    third: uniqueCode('EXD'),
  };
  for (const key of Object.keys(ids) as (keyof typeof ids)[])
    await createChallenge(request, ids[key], { challengeName: names[key] });
  const code = uniqueCode('MIDTERM').toUpperCase();

  // The teacher builds it in the dashboard.
  await signInAsAdmin(page);
  await createExamThroughUi(page, {
    code,
    title: 'Midterm, three problems',
    instructions: 'Three problems.\n\nEach counts your **best** submission.',
    durationMinutes: 60,
    slots: [
      { points: 30, challengeIds: [ids.first] },
      { points: 40, challengeIds: [ids.poolA, ids.poolB] },
      { points: 30, challengeIds: [ids.third] },
    ],
  });
  await expect(examRow(page, code)).toContainText('3 · 100 points');
  // A new exam is a draft, which no student can find, until the teacher publishes it.
  await expect(examRow(page, code)).toContainText('Draft');
  await examRow(page, code)
    .getByRole('button', { name: `Publish ${code}` })
    .click();
  await expect(examRow(page, code)).toContainText('Published');

  // The teacher keeps the exam's matrix open while the student works.
  await examRow(page, code)
    .getByRole('link', { name: `Results of the exam ${code}` })
    .click();
  await expect(page.getByTestId('exam-results-table')).toBeVisible();

  // The student, in a browser of their own, with the service worker in control (offline shell).
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  const account = newAccount('exam');
  await openControlled(student, '/');
  await signUpThroughUi(student, account);
  const screen = studentScreen(student);
  await screen.testCode.fill(typedAsStudent(code));
  await screen.startTest.click();
  await expect(student).toHaveURL(new RegExp(`/exams/${code}$`));
  await expect(student.getByRole('heading', { name: 'Midterm, three problems' })).toBeVisible();
  // The instructions are Markdown, rendered.
  const instructions = student.getByTestId('exam-instructions');
  await expect(instructions.locator('p').first()).toHaveText('Three problems.');
  await expect(instructions.locator('strong')).toHaveText('best');
  await expect(student.getByTestId('countdown')).toHaveText(/^(60:00|59:\d\d)$/);
  // One problem per slot: the pool's draw is one of its two.
  await expect(student.getByTestId('exam-problem')).toHaveCount(3);
  const drawnPool = (await problemEntry(student, names.poolA).count()) > 0 ? 'poolA' : 'poolB';
  await expect(problemEntry(student, names[drawnPool === 'poolA' ? 'poolB' : 'poolA'])).toHaveCount(
    0,
  );
  await expect(student.getByTestId('exam-problem').first()).toContainText('Not opened');
  // Every problem is on this computer before the network goes.
  await expect(student.getByTestId('exam-offline-ready')).toBeVisible({ timeout: 20_000 });

  // Problem 1: typed online, the draft is saved.
  await problemEntry(student, names.first).getByRole('button').click();
  const first = problemFrame(student, 1, names.first);
  await expect(first.getByRole('heading', { name: names.first })).toBeVisible();
  await typeCode(student, first, SOLUTION);
  await expect(problemEntry(student, names.first)).toContainText('Draft saved');

  // The network goes. Problem 2 opens from what this computer kept, and is worked on.
  await studentContext.setOffline(true);
  await problemEntry(student, names[drawnPool]).getByRole('button').click();
  const second = problemFrame(student, 2, names[drawnPool]);
  await expect(second.getByRole('heading', { name: names[drawnPool] })).toBeVisible();
  await typeCode(student, second, WRONG);
  await expect(problemEntry(student, names[drawnPool])).toContainText('Draft saved');
  await second.getByRole('button', { name: 'Submit' }).click();
  await expect(second.getByTestId('pending-submission')).toHaveCount(1);

  // Back to problem 1, still offline: every keystroke is there; submitted too.
  await problemEntry(student, names.first).getByRole('button').click();
  expect(await editorText(first)).toBe(SOLUTION);
  await first.getByRole('button', { name: 'Submit' }).click();
  await expect(first.getByTestId('pending-submission')).toHaveCount(1);
  await expect(problemEntry(student, names.first)).toContainText(
    'Submission waiting for the network',
  );
  // And problem 2's draft is still its own.
  await problemEntry(student, names[drawnPool]).getByRole('button').click();
  expect(await editorText(second)).toBe(WRONG);

  // The network returns: both submissions land, once each, and are judged.
  await studentContext.setOffline(false);
  await expect(second.getByTestId('submit-result')).toContainText('Wrong Answer', {
    timeout: 60_000,
  });
  await problemEntry(student, names.first).getByRole('button').click();
  await expect(first.getByTestId('submit-result')).toContainText('Accepted', { timeout: 60_000 });
  await expect(problemEntry(student, names.first)).toContainText('Submitted · 30 / 30');
  await expect(problemEntry(student, names[drawnPool])).toContainText('Submitted · 10 / 40');
  await expect(student.getByTestId('exam-total')).toHaveText('40 / 100');
  await student.screenshot({ path: `${SHOTS}/exam-student.png` });

  // The teacher's matrix has filled in by itself (no reload): the row, its cells and total.
  const row = page.getByRole('row').filter({ hasText: account.email });
  await expect(row.getByTestId('exam-row-total')).toHaveText('40', { timeout: 30_000 });
  await expect(row.getByTestId('exam-cell').nth(0)).toContainText('30');
  await expect(row.getByTestId('exam-cell').nth(1)).toContainText(ids[drawnPool]);
  await expect(row.getByTestId('exam-status')).toHaveText('Working');
  await page.screenshot({ path: `${SHOTS}/exam-results.png` });

  // The student finishes.
  await student.getByRole('button', { name: 'Finish exam' }).click();
  await student.getByRole('alertdialog').getByRole('button', { name: 'Finish exam' }).click();
  await expect(student.getByTestId('exam-finished')).toHaveText(
    'You have finished this exam. Your submissions are kept.',
  );
  await expect(student.locator('iframe')).toHaveCount(0);
  await expect(row.getByTestId('exam-status')).toHaveText('Finished', { timeout: 30_000 });

  // The drill-down is the existing submissions dialog, for this problem of this exam.
  await row.getByRole('link', { name: new RegExp(`to problem 2 \\(${ids[drawnPool]}\\)`) }).click();
  const dialog = page.getByTestId('submissions-dialog');
  await expect(dialog).toContainText('Submission 1');
  await expect(dialog.getByTestId('submissions-list').getByRole('row')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The export: an .xlsx named as the server names it, holding the student's row.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download .xlsx of the exam matrix' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^results-exam-${code}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`),
  );
  const book = new ExcelJS.Workbook();
  // exceljs takes an ArrayBuffer; Node 20's Buffer types do not match its declared Buffer.
  const bytes = fs.readFileSync(await download.path());
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const cells = book.worksheets.flatMap((sheet) =>
    sheet.getSheetValues().flatMap((values) => (Array.isArray(values) ? values : [])),
  );
  expect(cells.map(String)).toContain(account.email);
  // A sheet for the matrix and one per problem.
  expect(book.worksheets.length).toBe(4);

  // Students have submitted: the exam cannot be deleted, only archived.
  await page.goto('/adminDash?view=exams');
  await examRow(page, code)
    .getByRole('button', { name: `Archive the exam ${code}` })
    .click();
  await expect(page.getByRole('alertdialog')).toContainText('Archive this exam instead?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Archive' }).click();
  await expect(examRow(page, code).getByTestId('exam-archived')).toBeVisible();

  await studentContext.close();
});

test('the preview lists every problem of a pool and can run nothing', async ({ page, request }) => {
  const ids = [uniqueCode('PVA'), uniqueCode('PVB'), uniqueCode('PVC')];
  await createChallenge(request, ids[0] ?? '', { challengeName: 'Preview one' });
  await createChallenge(request, ids[1] ?? '', { challengeName: 'Preview pool A' });
  await createChallenge(request, ids[2] ?? '', { challengeName: 'Preview pool B' });
  const code = uniqueCode('PREV').toUpperCase();
  await signInAsAdmin(page);
  await createExamThroughUi(page, {
    code,
    title: 'Preview exam',
    instructions: 'Read me first.',
    durationMinutes: 30,
    slots: [
      { points: 10, challengeIds: [ids[0] ?? ''] },
      { points: 20, challengeIds: [ids[1] ?? '', ids[2] ?? ''] },
    ],
  });
  // A new exam with no submissions offers Delete (with a confirmation), not Archive.
  await expect(
    examRow(page, code).getByRole('button', { name: `Delete the exam ${code}` }),
  ).toBeVisible();

  const opening = page.context().waitForEvent('page');
  await examRow(page, code)
    .getByRole('link', { name: `Preview the exam ${code} as a student (opens a new tab)` })
    .click();
  const preview = await opening;
  await expect(preview.getByTestId('exam-preview')).toBeVisible();
  await expect(preview.getByTestId('exam-problem')).toHaveCount(3);
  await expect(problemEntry(preview, 'Preview pool A')).toContainText('One of a pool of 2');
  await problemEntry(preview, 'Preview pool B').getByRole('button').click();
  await expect(preview.getByRole('heading', { name: 'Preview pool B' })).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Run' })).toHaveCount(0);
  await expect(preview.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await expect(preview.locator('iframe')).toHaveCount(0);

  // Deleting it asks first, then it is gone.
  await examRow(page, code)
    .getByRole('button', { name: `Delete the exam ${code}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(examRow(page, code)).toHaveCount(0);
});
