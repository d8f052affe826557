/**
 * A roster student claims their account through the mailed link (issue 15 item 3): the
 * administrator uploads the student list, the student signs up with the listed address, is told
 * to check their email (no session yet), opens the link from the outbox, chooses a password and
 * lands on step 2, signed in. The link's single use and expiry: tests/api/sign-up-claims.test.ts.
 */
import { expect, test } from '@playwright/test';
import { tokenLinkFromOutbox } from './outbox.ts';
import { adminToken } from './results-support.ts';
import { expectStepOne, expectStepTwo, studentScreen, toasts, uniqueEmail } from './support.ts';

const CHECK_EMAIL = 'Check your email';
const CHOSEN = 'Chosen-Passw0rd!';

test('a roster student activates the account from the mailed link and lands on step 2', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail('roster');
  const csv = ['Name,Email,Year,Branch,College Name', `Rita Roster,${email},2,CSE,North`].join(
    '\n',
  );
  const upload = await request.post('/api/admin/uploadFileData', {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    multipart: { file: { name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);

  const screen = studentScreen(page);
  await page.goto('/');
  await screen.signUpTab.click();
  await screen.signUpName.fill('someone else');
  await screen.signUpEmail.fill(email);
  await screen.signUpPassword.fill('typed-at-sign-up-1');
  await screen.signUpButton.click();
  await expect(toasts(page, CHECK_EMAIL)).toBeVisible();
  await expect(screen.signUpPanel.getByText(CHECK_EMAIL)).toBeVisible();
  await expect(screen.signUpPassword).toHaveValue('');
  await expectStepOne(page);
  await page.screenshot({ path: testInfo.outputPath('check-email-light.png') });

  const link = new URL(await tokenLinkFromOutbox(email, '/activate-account'));
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Activate your account' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(CHOSEN);
  await page.getByLabel('Confirm password', { exact: true }).fill(CHOSEN);
  await page.getByRole('button', { name: /switch to dark mode/i }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.screenshot({ path: testInfo.outputPath('activate-dark.png') });
  // Submitted from the keyboard, as from the confirmation field.
  await page.getByLabel('Confirm password', { exact: true }).press('Enter');
  await expect(toasts(page, 'Account activated')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expectStepTwo(page);

  // The chosen password is the account's (the typed one never was: sign-up-claims.test.ts).
  await screen.logOut.click();
  await screen.loginEmail.fill(email);
  await screen.loginPassword.fill(CHOSEN);
  await screen.loginButton.click();
  await expectStepTwo(page);
});
