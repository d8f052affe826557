/**
 * Accounts without mail in the browser (issue 33): an assistant of a course opens Students for
 * one section, makes that section's one-time password sheet (after the confirmation) and sees
 * its slips as they print (print media emulated: the dashboard's frame gone, one slip per
 * student); a student signs in with the password from their slip, must choose their own on
 * "Choose a new password", and then reaches the test-code step signed in.
 */
import { expect, test } from '@playwright/test';
import { adminToken, dashMenu } from './results-support.ts';
import { PASSWORD, expectStepTwo, studentScreen, toasts } from './support.ts';

test('an assistant prints a section sheet; a student signs in with its password and must change it', async ({
  page,
  browser,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const code = `OTP-${stamp}`.toUpperCase();
  const owner = { authorization: `Bearer ${await adminToken(request)}` };

  // The course, its roster with Student IDs and two sections, and an assistant of it.
  const made = await request.post('/api/admin/courses', {
    headers: owner,
    data: { code, title: 'Lab programming' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const courseId = ((await made.json()) as { course: { id: string } }).course.id;
  const ann = `ann.${stamp}@e2e.test`;
  const csv = [
    'Name,Email,Year,Branch,College Name,Student ID,Section',
    `ann lab,${ann},1,CSE,North,S-${stamp}-1,Lab 1`,
    `ben lab,ben.${stamp}@e2e.test,1,CSE,North,S-${stamp}-2,Lab 1`,
    `cy other,cy.${stamp}@e2e.test,1,CSE,North,S-${stamp}-3,Lab 2`,
  ].join('\n');
  const upload = await request.post(`/api/admin/uploadFileData?courseId=${courseId}`, {
    headers: owner,
    multipart: { file: { name: 'lab.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const assistantEmail = `assistant.${stamp}@e2e.test`;
  const invited = await request.post('/api/admin/staff/invitations', {
    headers: owner,
    data: { email: assistantEmail, role: 'assistant', courseId },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const { link } = (await invited.json()) as { link: string };
  const accepted = await request.post('/api/admin/acceptInvitation', {
    data: { token: new URL(link).hash.slice(1), name: 'Asa Assistant', password: PASSWORD },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);

  // The assistant signs in at /admin and opens Students for Lab 1.
  await page.goto('/admin');
  await page.getByLabel('Admin email').fill(assistantEmail);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/adminDash/);
  await dashMenu(page).getByRole('link', { name: 'Students' }).click();
  await page
    .getByLabel('Course', { exact: true })
    .selectOption({ label: `${code} — Lab programming` });
  await page.getByLabel('Section', { exact: true }).selectOption({ label: 'Lab 1' });
  await expect(page).toHaveURL(/sectionId=/);
  const table = page.getByTestId('students-table');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row', { name: /ann lab/ })).toContainText(`S-${stamp}-1`);

  // The sheet: only students without a password by default, after the confirmation.
  await page.getByRole('button', { name: 'One-time password sheet' }).click();
  await expect(page.getByRole('heading', { name: 'One-time password sheet' })).toBeVisible();
  await expect(page.getByText(`For ${code} — Lab programming, Lab 1`)).toBeVisible();
  await expect(page.getByLabel('Students', { exact: true })).toHaveValue('unclaimed');
  await page.getByRole('button', { name: 'Make the sheet' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Make one-time passwords?' });
  await expect(confirm).toContainText('shown only once');
  await confirm.getByRole('button', { name: 'Make passwords' }).click();
  await expect(toasts(page, 'One-time passwords made').first()).toBeVisible();
  const slips = page.getByRole('list', { name: 'Slips' }).getByRole('listitem');
  await expect(slips).toHaveCount(2);

  // As printed: the slips alone, each with what the student needs.
  await page.emulateMedia({ media: 'print' });
  await expect(dashMenu(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Make the sheet' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(slips).toHaveCount(2);
  const annSlip = slips.filter({ hasText: 'ann lab' });
  await expect(annSlip).toBeVisible();
  await expect(annSlip).toContainText(`S-${stamp}-1`);
  await expect(annSlip).toContainText(ann);
  // The portal's address (PUBLIC_URL), on the port this server listens on.
  await expect(annSlip).toContainText(`:${new URL(page.url()).port}`);
  await expect(slips.filter({ hasText: 'cy other' })).toHaveCount(0);
  const password = (await annSlip.locator('.otp-slip__password').textContent()) ?? '';
  expect(password).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();

  // Ann signs in with it on the spec's login, and must choose her own password first.
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  const screen = studentScreen(student);
  await student.goto('/');
  await screen.loginEmail.fill(ann);
  await screen.loginPassword.fill(password);
  await screen.loginButton.click();
  await expect(student).toHaveURL(/\/choose-password$/);
  await expect(student.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await student.getByLabel('New password', { exact: true }).fill('weak');
  await student.getByLabel('Confirm password').fill('weak');
  await student.getByRole('button', { name: 'Save password' }).click();
  await expect(toasts(student, 'Set a strong password')).toBeVisible();
  await student.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await student.getByLabel('Confirm password').fill(PASSWORD);
  await student.getByRole('button', { name: 'Save password' }).click();
  await expect(toasts(student, 'Password updated successfully').first()).toBeVisible();
  await expectStepTwo(student);
  await expect(student.getByTestId('identity-email')).toHaveText(ann);
  await studentContext.close();
});
