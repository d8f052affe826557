/**
 * A session the server has ended signs the browser out by itself (issue 15 item 4): once the
 * administrator signs a student out everywhere, the student's next action that reaches the server
 * lands them on the sign-in step with the server's message in an error toast, and no copy of the
 * old session is left in the browser. The same for an administrator whose sessions were ended by
 * Logout on another device: the dashboard's next call returns to /admin.
 */
import { expect, test } from '@playwright/test';
import { dashMenu, signInAsAdmin } from './results-support.ts';
import {
  expectStepOne,
  newAccount,
  signUpThroughUi,
  storedSessions,
  studentScreen,
  toasts,
} from './support.ts';

test('a student signed out everywhere by the administrator is back on the sign-in step at their next action', async ({
  page,
  browser,
}) => {
  test.slow(); // two browsers, each signing in (password hashing) on a shared machine
  const account = newAccount('revoked');
  await signUpThroughUi(page, account);

  // The administrator, on their own machine, signs the student out everywhere.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await dashMenu(admin).getByRole('link', { name: 'Students' }).click();
  await admin.getByLabel('Search name or email').fill(account.email);
  const table = admin.getByRole('table', { name: 'Students' });
  await expect(table.getByRole('rowheader')).toHaveText([account.name]);
  await table.getByRole('button', { name: `Sign ${account.email} out everywhere` }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(admin.getByRole('alertdialog')).toHaveCount(0);
  await adminContext.close();

  // The student's page still shows step 2 (nothing told it yet); Start Test asks the server.
  const screen = studentScreen(page);
  await screen.testCode.fill('CS101');
  await screen.startTest.click();
  await expect(page).toHaveURL(/\/$/);
  await expectStepOne(page);
  await expect(toasts(page, 'Please Sign in first')).toBeVisible();
  await expect
    .poll(async () => {
      const { session, local, idb } = await storedSessions(page);
      return [session, local, idb ?? null];
    })
    .toEqual([null, null, null]);
  await page.screenshot({ path: 'test-results/revoked-session-student.png' });

  // Signing in again works as usual.
  await screen.loginTab.click();
  await screen.loginEmail.fill(account.email);
  await screen.loginPassword.fill(account.password);
  await screen.loginButton.click();
  await expect(screen.testCode).toBeVisible();
});

test('an administrator whose sessions were ended elsewhere returns to /admin at the next call', async ({
  page,
  browser,
}) => {
  test.slow();
  await signInAsAdmin(page);

  // The same administrator logs out on another machine: every administrator session ends.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signInAsAdmin(other);
  await dashMenu(other).getByRole('button', { name: 'Logout' }).click();
  await expect(other).toHaveURL(/\/admin$/);
  await otherContext.close();

  // Home asks the server for the student count: refused, so this browser signs out too.
  await dashMenu(page).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByLabel('Admin email')).toBeVisible();
  // Home makes two calls (the count and the challenges); each failure is its own toast.
  await expect(toasts(page, 'Please Sign in first').first()).toBeVisible();
  // The spec's admin flag and the token kept beside it (src/web/session/admin-session.ts).
  expect(
    await page.evaluate(() => [
      localStorage.getItem('isAdmin'),
      localStorage.getItem('portal.adminToken'),
    ]),
  ).toEqual([null, null]);
  await page.screenshot({ path: 'test-results/revoked-session-admin.png' });
});
