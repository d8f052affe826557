import { expect, test } from '@playwright/test';
import {
  expectStepOne,
  expectStepTwo,
  newAccount,
  signUpThroughUi,
  storedSessions,
  studentScreen,
} from './support.ts';

const SHOTS = process.env.JOURNEY_SCREENSHOT_DIR ?? 'test-results';

test('a student signs up, logs out, logs in and starts a test', async ({ page }) => {
  const account = newAccount('journey');
  const screen = studentScreen(page);

  await page.goto('/');
  await expectStepOne(page);
  await expect(page.getByText('Please remember your password for future logins')).toBeHidden();
  await screen.signUpTab.click();
  await expect(page.getByText('Please remember your password for future logins')).toBeVisible();

  await signUpThroughUi(page, account);
  await expect(page.getByTestId('identity-name')).toHaveText(account.name);
  await expect(page.getByTestId('identity-email')).toHaveText(account.email);

  await screen.logOut.click();
  await expectStepOne(page);
  await expect(screen.logOut).toHaveCount(0);
  await expect
    .poll(() => storedSessions(page))
    .toEqual({ session: null, local: null, idb: undefined });

  await screen.loginEmail.fill(account.email);
  await screen.loginPassword.fill(account.password);
  await screen.loginButton.click();
  await expectStepTwo(page);

  await screen.testCode.fill('  CS 101/b  ');
  await screen.startTest.click();
  await expect(page).toHaveURL(/\/challenges\/CS%20101%2Fb$/);
  await expect(page.getByTestId('challenge-id')).toHaveText('CS 101/b');
  await expect(page.getByTestId('identity-name')).toHaveText(account.name);
  await expect(page.getByTestId('identity-email')).toHaveText(account.email);
  // Not a test code the portal can have: the server's message, and a way to try again.
  await expect(page.getByRole('alert')).toContainText(
    'The test code must be 3 to 64 letters, digits, - or _',
  );
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

  // Log Out on the test screen goes back to step 1.
  await screen.logOut.click();
  await expect(page).toHaveURL(/\/$/);
  await expectStepOne(page);
});

test('name and email are lower-cased as typed', async ({ page }) => {
  const account = newAccount('casing');
  const screen = studentScreen(page);
  await page.goto('/');
  await screen.signUpTab.click();
  await screen.signUpName.pressSequentially('Grace HOPPER');
  await screen.signUpEmail.pressSequentially(account.email.toUpperCase());
  await expect(screen.signUpName).toHaveValue('grace hopper');
  await expect(screen.signUpEmail).toHaveValue(account.email);
  await screen.signUpPassword.fill(account.password);
  await screen.signUpButton.click();
  await expectStepTwo(page);
  // The header shows the stored name as it is drawn (innerText applies CSS text-transform, which
  // once capitalised it to "Grace Hopper" while Results showed "grace hopper"), on step 2 and on
  // the test screen, and the session keeps the name the server answered.
  const name = page.getByTestId('identity-name');
  await expect(name).toHaveText('grace hopper', { useInnerText: true });
  const stored = JSON.parse((await storedSessions(page)).local ?? '{}') as { name?: string };
  expect(stored.name).toBe('grace hopper');
  await page.screenshot({ path: `${SHOTS}/header-stored-name.png` });
  await screen.testCode.fill('CASE-1');
  await screen.startTest.click();
  await expect(page).toHaveURL(/\/challenges\/CASE-1$/);
  await expect(name).toHaveText('grace hopper', { useInnerText: true });
});

test("the Login tab's 'Forgot Password?' link opens /forgot-password", async ({ page }) => {
  await page.goto('/');
  await studentScreen(page).loginPanel.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
});
