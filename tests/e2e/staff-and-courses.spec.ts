/**
 * Teaching staff and courses in the browser (issue 33): the owner invites a teacher (the e2e
 * server has no SMTP server, so the link is shown), the teacher opens it, chooses a name and a
 * password, lands on the dashboard, creates a course and uploads a roster into it; the owner
 * invites an assistant into that course, who signs in at /admin and sees that course only, and
 * no Staff item. A course's enrolment code: generated, regenerated after a confirmation, typed
 * by a student into step 2's test code field, who joins the course and stays on step 2.
 */
import { expect, test, type Page } from '@playwright/test';
import { dashMenu, signInAsAdmin } from './results-support.ts';
import {
  PASSWORD,
  expectStepTwo,
  newAccount,
  signUpThroughUi,
  studentScreen,
  toasts,
} from './support.ts';

/** Sends the Staff view's invite form and returns the link it shows. */
async function invite(
  page: Page,
  email: string,
  role: 'Teacher' | 'Assistant',
  course?: string,
): Promise<string> {
  await dashMenu(page).getByRole('link', { name: 'Staff' }).click();
  const form = page.getByRole('region', { name: 'Invite a staff member' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Role', { exact: true }).selectOption({ label: role });
  if (course) await form.getByLabel('Course (optional)').selectOption({ label: course });
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(
    toasts(page, 'Invitation made: give the link to the person invited').first(),
  ).toBeVisible();
  const link = form.getByLabel('Invitation link');
  await expect(link).toHaveValue(/\/admin\/invitation#.+/);
  await expect(form.getByRole('button', { name: 'Copy' })).toBeVisible();
  return link.inputValue();
}

test('an invited teacher creates a course and fills it; an invited assistant sees only that course', async ({
  page,
  browser,
}) => {
  // Three people in three browser contexts, each signing in (a hash each): 34 s on a CI machine
  // running every suite at once, over the default 30 s.
  test.slow();
  const stamp = Date.now().toString(36);
  const teacherEmail = `teacher.${stamp}@e2e.test`;
  const assistantEmail = `assistant.${stamp}@e2e.test`;
  const code = `CS-${stamp}`.toUpperCase();

  // The owner invites a teacher; the invitation waits in the list.
  await signInAsAdmin(page);
  await expect(dashMenu(page).getByRole('link', { name: 'Courses' })).toBeVisible();
  const teacherLink = await invite(page, teacherEmail, 'Teacher');
  await expect(
    page.getByRole('table', { name: 'Pending invitations' }).getByRole('row', {
      name: new RegExp(teacherEmail),
    }),
  ).toBeVisible();

  // The teacher opens the link in their own browser.
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await teacher.goto(new URL(teacherLink).pathname + new URL(teacherLink).hash);
  await expect(teacher.getByRole('heading', { name: 'Join the teaching staff' })).toBeVisible();
  await teacher.getByLabel('Your name').fill('Tess Teacher');
  await teacher.getByLabel('New password').fill('weak');
  await teacher.getByLabel('Confirm password').fill('weak');
  await teacher.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(teacher.getByRole('alert')).toHaveText('Set a strong password');
  await teacher.getByLabel('New password').fill(PASSWORD);
  await teacher.getByLabel('Confirm password').fill(PASSWORD);
  await teacher.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(teacher).toHaveURL(/\/adminDash/);
  await expect(dashMenu(teacher).getByText(teacherEmail)).toBeVisible();
  await expect(dashMenu(teacher).getByRole('link', { name: 'Courses' })).toBeVisible();
  await expect(dashMenu(teacher).getByRole('link', { name: 'Staff' })).toHaveCount(0);

  // A new course, made in its dialog.
  await dashMenu(teacher).getByRole('link', { name: 'Courses' }).click();
  await expect(teacher.getByText('You are not on the staff of any course yet.')).toBeVisible();
  await teacher.getByRole('button', { name: 'New course' }).click();
  const dialog = teacher.getByRole('dialog', { name: 'New course' });
  await expect(dialog.getByLabel('Course code')).toBeFocused();
  await dialog.getByLabel('Course code').fill(code);
  await dialog.getByLabel('Course title').fill('Programming in C');
  await dialog.getByLabel('Term (optional)').fill('Fall 2026');
  await dialog.getByRole('button', { name: 'Create course' }).click();
  await expect(toasts(teacher, 'Course created').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  const courses = teacher.getByRole('table', { name: 'Your courses' });
  const row = courses.getByRole('row', { name: new RegExp(code) });
  await expect(row.getByRole('cell').nth(0)).toHaveText('Programming in C');
  await expect(row.getByRole('cell').nth(7)).toHaveText('Teacher');

  // Its only course: the roster goes there without a choice (the spec's panel as it was).
  await dashMenu(teacher).getByRole('link', { name: 'Excel upload' }).click();
  await expect(teacher.getByLabel('Course', { exact: true })).toHaveCount(0);
  const csv = [
    'Name,Email,Year,Branch,College Name',
    `ann ${stamp},ann.${stamp}@e2e.test,2,CSE,North`,
    `ben ${stamp},ben.${stamp}@e2e.test,2,CSE,North`,
  ].join('\n');
  await teacher.getByLabel('Student list (.xlsx, .xls or .csv)').setInputFiles({
    name: 'section.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await teacher.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(toasts(teacher, 'User File Added Successfully')).toBeVisible();
  await dashMenu(teacher).getByRole('link', { name: 'Courses' }).click();
  await expect(row.getByRole('cell').nth(2)).toHaveText('2');

  // The owner invites an assistant into the teacher's course.
  await page.reload();
  const assistantLink = await invite(
    page,
    assistantEmail,
    'Assistant',
    `${code} — Programming in C`,
  );
  const staffList = page.getByRole('table', { name: 'Staff members' });
  await expect(staffList.getByRole('row', { name: new RegExp(teacherEmail) })).toContainText(
    `${code} (Teacher)`,
  );

  // The assistant accepts (the page's call), then signs in at /admin as staff do.
  const token = new URL(assistantLink).hash.slice(1);
  const accepted = await page.request.post('/api/admin/acceptInvitation', {
    data: { token, name: 'Asa Assistant', password: PASSWORD },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const assistantContext = await browser.newContext();
  const assistant = await assistantContext.newPage();
  await assistant.goto('/admin');
  await assistant.getByLabel('Admin email').fill(assistantEmail);
  await assistant.getByLabel('Password').fill(PASSWORD);
  await assistant.getByRole('button', { name: 'Sign in' }).click();
  await expect(assistant).toHaveURL(/\/adminDash/);
  await dashMenu(assistant).getByRole('link', { name: 'Courses' }).click();
  const seen = assistant.getByRole('table', { name: 'Your courses' }).getByRole('row');
  // The header row and the one course.
  await expect(seen).toHaveCount(2);
  await expect(seen.nth(1).getByRole('rowheader')).toHaveText(code);
  await expect(seen.nth(1).getByRole('cell').nth(7)).toHaveText('Assistant');
  await expect(assistant.getByRole('button', { name: 'New course' })).toHaveCount(0);
  await expect(dashMenu(assistant).getByRole('link', { name: 'Staff' })).toHaveCount(0);
  // Owners' things are not offered: deleting accounts, the judge's state on Home.
  await expect(dashMenu(assistant).getByRole('link', { name: 'Delete User' })).toHaveCount(0);
  await dashMenu(assistant).getByRole('link', { name: 'Home' }).click();
  await expect(
    assistant.getByText('(accounts, including uploaded', { exact: false }),
  ).toBeVisible();
  await expect(assistant.getByRole('heading', { name: 'Judge queue' })).toHaveCount(0);

  await teacherContext.close();
  await assistantContext.close();
});

test('a course’s enrolment code, typed into the test code field, enrols the student', async ({
  page,
  browser,
}) => {
  // Two people, two sign-ins and a code generated twice: 34 s on a loaded CI machine.
  test.slow();
  const code = `EC-${Date.now().toString(36)}`.toUpperCase();
  await signInAsAdmin(page);
  await dashMenu(page).getByRole('link', { name: 'Courses' }).click();
  await page.getByRole('button', { name: 'New course' }).click();
  const form = page.getByRole('dialog', { name: 'New course' });
  await form.getByLabel('Course code').fill(code);
  await form.getByLabel('Course title').fill('Programming 1');
  await form.getByRole('button', { name: 'Create course' }).click();
  await expect(form).toBeHidden();
  const row = page
    .getByRole('table', { name: 'Your courses' })
    .getByRole('row', { name: new RegExp(code) });
  await row.getByRole('button', { name: `Enrolment code ${code}` }).click();
  const dialog = page.getByRole('dialog', { name: `Enrolment code of ${code}` });
  await expect(dialog).toContainText('Off: students join only by roster upload.');
  await dialog.getByRole('button', { name: 'Generate code' }).click();
  const shown = dialog.getByTestId('enrolment-code');
  await expect(shown).toHaveText(/^[A-Z2-9]{4}\.[A-Z2-9]{4}$/);
  const first = (await shown.textContent()) ?? '';
  // Regenerating asks first: the code on the board stops working.
  await dialog.getByRole('button', { name: 'Regenerate' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Regenerate the enrolment code?' });
  await expect(confirm).toContainText(first);
  await confirm.getByRole('button', { name: 'Regenerate' }).click();
  await expect(shown).not.toHaveText(first);
  await expect(shown).toHaveText(/^[A-Z2-9]{4}\.[A-Z2-9]{4}$/);
  const enrolmentCode = (await shown.textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Close' }).click();

  const context = await browser.newContext();
  const student = await context.newPage();
  await signUpThroughUi(student, newAccount('joiner'));
  const screen = studentScreen(student);
  await screen.testCode.fill(` ${enrolmentCode.toLowerCase()} `);
  await screen.startTest.click();
  await expect(toasts(student, `You joined ${code} — Programming 1`)).toBeVisible();
  await expectStepTwo(student);
  await expect(screen.testCode).toHaveValue('');

  await page.reload();
  await dashMenu(page).getByRole('link', { name: 'Courses' }).click();
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
  await context.close();
});
