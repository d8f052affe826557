/**
 * Results by section (issue 33): a roster with Student ID and Section uploaded into a course, a
 * challenge of that course; in Results the teacher picks a section, sees only its students with
 * their Student ID and Section, and a reload keeps the choice (it is in the address).
 */
import { expect, test } from '@playwright/test';
import { createChallenge, uniqueCode } from './compiler-support.ts';
import {
  adminToken,
  openChallenge,
  signInAsAdmin,
  studentForChallenge,
} from './results-support.ts';

test('a teacher narrows Results to a section and reads its Student IDs', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const code = uniqueCode('SEC');
  const owner = { authorization: `Bearer ${await adminToken(request)}` };
  const made = await request.post('/api/admin/courses', {
    headers: owner,
    data: { code: `SEC-${stamp}`.toUpperCase(), title: 'Sections' },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const courseId = ((await made.json()) as { course: { id: string } }).course.id;
  await createChallenge(request, code, { courseId });

  // Ann signs up and opens the challenge; the roster then puts her in A1 with a Student ID.
  const ann = await studentForChallenge(request, 'sec', code);
  const cyEmail = `cy.${stamp}@e2e.test`;
  const csv = [
    'Name,Email,Year,Branch,College Name,Student ID,Section',
    `${ann.name},${ann.email},2,CSE,North,S-101,A1`,
    `ben ${stamp},ben.${stamp}@e2e.test,2,CSE,North,S-202,B2`,
    `cy ${stamp},${cyEmail},2,CSE,North,S-303,A1`,
  ].join('\n');
  const upload = await request.post(`/api/admin/uploadFileData?courseId=${courseId}`, {
    headers: owner,
    multipart: { file: { name: 'sections.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  await openChallenge(request, ann, code);

  await signInAsAdmin(page);
  await page.goto(`/adminDash?view=results&challengeId=${code}`);
  const table = page.getByRole('table', { name: `Results of ${code}` });
  await expect(table.getByRole('row').filter({ hasText: ann.email })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Student ID' })).toBeVisible();

  const section = page.getByLabel('Section', { exact: true });
  await expect(section.getByRole('option')).toHaveText(['All sections', 'A1', 'B2']);
  await section.selectOption({ label: 'A1' });
  await expect(page).toHaveURL(/[?&]section=[0-9a-f-]{36}/);
  await page.getByLabel('Students', { exact: true }).selectOption({ label: 'Everyone' });
  const rows = table.getByRole('row');
  // The header and A1's two students, started or not; nobody of B2.
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: ann.email })).toContainText('S-101');
  await expect(rows.filter({ hasText: cyEmail })).toContainText('S-303');
  await expect(table.getByText(`ben.${stamp}@e2e.test`)).toHaveCount(0);
  await expect(page.getByTestId('export-roster-text')).toHaveText('Everyone in section A1');

  // The section is in the address: a reload shows the same students.
  await page.reload();
  await expect(page.getByLabel('Section', { exact: true })).toHaveValue(/[0-9a-f-]{36}/);
  await expect(table.getByRole('row').filter({ hasText: ann.email })).toContainText('A1');
  await expect(table.getByText(`ben.${stamp}@e2e.test`)).toHaveCount(0);
});
