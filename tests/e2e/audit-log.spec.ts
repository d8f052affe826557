/**
 * The owner's Audit log (issue 33) in the browser: a course renamed through the API shows in the
 * log, filtered by its action, as title from → to, and by the course, with its creation; a teacher is offered no Audit log, and the
 * page opened by its address says they may not (the server refuses them).
 */
import { expect, test } from '@playwright/test';
import { adminToken, dashMenu, signInAsAdmin } from './results-support.ts';
import { PASSWORD } from './support.ts';

test('an owner filters the audit log by action and reads a change; a teacher may not', async ({
  page,
  browser,
}) => {
  // Two filters and two roles' sign-ins: more than the default budget on a loaded machine.
  test.slow();
  const stamp = Date.now().toString(36);
  const code = `AUD-${stamp}`.toUpperCase();
  const headers = { authorization: `Bearer ${await adminToken(page.request)}` };

  // A course made, then renamed: the second call is the entry with a from and a to.
  const made = await page.request.post('/api/admin/courses', {
    headers,
    data: { code, title: 'Old title', term: '' },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const { course } = (await made.json()) as { course: { id: string } };
  const renamed = await page.request.put(`/api/admin/courses/${course.id}`, {
    headers,
    data: { code, title: 'New title', term: '' },
  });
  expect(renamed.ok(), await renamed.text()).toBe(true);

  await signInAsAdmin(page);
  await dashMenu(page).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await page.getByLabel('Action').selectOption('course.write');
  await page.getByLabel('Target (contains)').fill(course.id);
  const table = page.getByRole('table', { name: 'Audit log entries, newest first' });
  const rows = table.getByRole('row');
  // The header row and the rename (the creation is course.create).
  await expect(rows).toHaveCount(2);
  const entry = rows.nth(1);
  await expect(entry).toContainText('course.write');
  await expect(entry).toContainText('PUT /api/admin/courses/:courseId');
  await expect(entry.getByRole('listitem')).toHaveText(['title: “Old title” → “New title”']);

  // By course instead: its creation (named by its code) and the rename, each under the course.
  await page.getByLabel('Target (contains)').fill('');
  await page.getByLabel('Action').selectOption('');
  await page.getByLabel('Course').selectOption({ label: `${code} — New title` });
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2)).toContainText('course.create');
  await expect(rows.nth(2)).toContainText(`in ${code}`);

  // A teacher: no menu item, and the address itself is refused.
  const invited = await page.request.post('/api/admin/staff/invitations', {
    headers,
    data: { email: `audit.teacher.${stamp}@e2e.test`, role: 'teacher' },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  const { link } = (await invited.json()) as { link: string };
  const accepted = await page.request.post('/api/admin/acceptInvitation', {
    data: { token: new URL(link).hash.slice(1), name: 'Audit Teacher', password: PASSWORD },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await teacher.goto('/admin');
  await teacher.getByLabel('Admin email').fill(`audit.teacher.${stamp}@e2e.test`);
  await teacher.getByLabel('Password').fill(PASSWORD);
  await teacher.getByRole('button', { name: 'Sign in' }).click();
  await expect(teacher).toHaveURL(/\/adminDash/);
  await expect(dashMenu(teacher).getByRole('link', { name: 'Courses' })).toBeVisible();
  await expect(dashMenu(teacher).getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await teacher.goto('/adminDash?view=audit');
  await expect(teacher.getByRole('alert')).toHaveText('You do not have permission to do this.');
  await expect(teacher.getByRole('table')).toHaveCount(0);
  await teacherContext.close();
});
