/**
 * The similarity report of one problem of an exam, in the browser (issue 31 item 7): three
 * students of an exam hand in programs through the real API under the exam (an original, its
 * renamed copy, an independent solution, from tests/fixtures/similarity/python), and a fourth
 * takes the same challenge on its own with another copy. The teacher opens the exam in Results,
 * follows the problem's similarity link from the matrix, sees only the exam's students compared
 * and the copied pair, opens it side by side and comes back to the pairs and to the matrix.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { ExamInput } from '../../src/contract/exams.ts';
import { createChallenge, uniqueCode } from './compiler-support.ts';
import { utcDate } from './exams-support.ts';
import {
  adminToken,
  dashMenu,
  openChallenge,
  signInAsAdmin,
  studentForChallenge,
  submitCode,
} from './results-support.ts';
import { newAccount } from './support.ts';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/similarity/python');
const read = (name: string) => fs.readFileSync(path.join(fixtures, `${name}.py`), 'utf8');

/** A student who opens the exam and submits `code` to its problem, as the exam screen would. */
async function examStudentSubmits(
  request: APIRequestContext,
  tag: string,
  examCode: string,
  challengeId: string,
  code: string,
): Promise<string> {
  const account = newAccount(tag);
  const signUp = await request.post('/api/user/loginSignUp', { data: account });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const session = { authorization: `Bearer ${((await signUp.json()) as { token: string }).token}` };
  const opened = await request.post(`/api/user/exams/${examCode}/open`, { headers: session });
  expect(opened.ok(), await opened.text()).toBe(true);
  const compiler = await request.post('/api/user/getToken', {
    data: { email: account.email, name: account.name, challengeId, examCode },
    headers: session,
  });
  expect(compiler.ok(), await compiler.text()).toBe(true);
  const answer = (await compiler.json()) as { token: string; url?: string };
  const headers = {
    authorization: `Bearer ${answer.token}`,
    'x-app-key': new URL(answer.url ?? '', 'http://x').searchParams.get('appKey') ?? '',
  };
  const page = await request.get(`/api/compiler/challenge/${challengeId}?examCode=${examCode}`, {
    headers,
  });
  expect(page.ok(), await page.text()).toBe(true);
  const submitted = await request.post('/api/compiler/submit', {
    data: { challengeId, code, examCode },
    headers,
  });
  expect([200, 202], await submitted.text()).toContain(submitted.status());
  return account.name;
}

test("a teacher opens a problem's similarity report from the exam's results", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const challengeId = uniqueCode('XSIM');
  const examCode = uniqueCode('XSIM-EXAM');
  await createChallenge(request, challengeId, {
    challengeName: 'Primes and runs',
    starterCode: read('starter'),
  });
  const admin = { authorization: `Bearer ${await adminToken(request)}` };
  const exam: ExamInput = {
    examCode,
    title: 'Similarity midterm',
    startDate: utcDate(-1),
    endDate: utcDate(1),
    durationMinutes: 60,
    slots: [{ points: 10, challengeIds: [challengeId] }],
  };
  const created = await request.post('/api/admin/exams', { data: exam, headers: admin });
  expect(created.ok(), await created.text()).toBe(true);
  const published = await request.post(`/api/admin/exams/${examCode}/lifecycle`, {
    data: { action: 'publish' },
    headers: admin,
  });
  expect(published.ok(), await published.text()).toBe(true);

  const asha = await examStudentSubmits(request, 'asha', examCode, challengeId, read('original'));
  const bala = await examStudentSubmits(
    request,
    'bala',
    examCode,
    challengeId,
    read('copy-renamed'),
  );
  await examStudentSubmits(request, 'chitra', examCode, challengeId, read('independent-1'));
  // The same challenge taken on its own, with another copy: not the exam's.
  const alone = await studentForChallenge(request, 'alone', challengeId);
  await openChallenge(request, alone, challengeId);
  await submitCode(request, alone, challengeId, read('copy-comments'));

  await signInAsAdmin(page);
  await dashMenu(page).getByRole('link', { name: 'Results' }).click();
  await page.getByLabel('Exam', { exact: true }).selectOption(examCode);
  await expect(page.getByTestId('exam-results-table')).toBeVisible();

  // From the matrix: the problem's similarity report, among the exam's students.
  const links = page.getByTestId('exam-similarity');
  await links.getByText('Similarity per problem').click();
  await page.screenshot({ path: test.info().outputPath('exam-similarity-links.png') });
  await links
    .getByRole('link', { name: `Similarity report of problem 1 (${challengeId}) in this exam` })
    .click();
  await expect(page).toHaveURL(/view=similarity/);
  await expect(page).toHaveURL(new RegExp(`exam=${examCode}`));
  await expect(page.getByTestId('similarity-exam')).toContainText(
    `Exam ${examCode} (Similarity midterm)`,
  );
  const table = page.getByRole('table', {
    name: `Pairs of ${challengeId} at 50 % or more, most similar first`,
  });
  await expect(table).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('similarity-compared')).toContainText('Students compared: 3');
  const rows = table.getByTestId('similarity-pair');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(asha);
  await expect(rows.first()).toContainText(bala);
  // At the lowest threshold the student who took the challenge alone is still not there.
  await page.getByLabel('Show pairs from').selectOption('20');
  const low = page.getByRole('table', {
    name: `Pairs of ${challengeId} at 20 % or more, most similar first`,
  });
  await expect(low.getByTestId('similarity-pair').first()).toBeVisible();
  await expect(low).not.toContainText(alone.name);
  await page.screenshot({ path: test.info().outputPath('exam-similarity-report.png') });

  // The pair side by side, under the exam, then back to the pairs and to the matrix.
  await low
    .getByRole('link', { name: new RegExp(`Compare (${asha} and ${bala}|${bala} and ${asha})`) })
    .click();
  await expect(page.getByRole('heading', { level: 3 })).toContainText('% similar');
  await expect(page).toHaveURL(new RegExp(`exam=${examCode}`));
  await page.getByRole('link', { name: 'Back to the pairs' }).click();
  await expect(page.getByTestId('similarity-exam')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the exam results' }).click();
  await expect(page).toHaveURL(/view=results/);
  await expect(page.getByTestId('exam-results-table')).toBeVisible();
});
