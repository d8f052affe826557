import { expect, test } from '@playwright/test';
import { adminLoginPath } from '../../src/contract/admin.ts';
import { loginSignUpPath } from '../../src/contract/auth.ts';
import { E2E_ADMIN } from './admin-credentials.ts';
import { expectStepTwo, newAccount, studentScreen } from './support.ts';

// page.route cannot see requests a service worker makes; this test answers the login with it.
test.use({ serviceWorkers: 'block' });

test('a login answered 503 with Retry-After shows the busy countdown and signs in by itself', async ({
  page,
}) => {
  const account = newAccount('busy');
  const signUp = await page.request.post(loginSignUpPath, { data: account });
  expect(signUp.status()).toBe(200);

  // The first login meets a burst (the server's answer to it, as sign-in-gate.ts sends it); the
  // ones after it reach the real server.
  const bodies: unknown[] = [];
  await page.route(`**${loginSignUpPath}`, async (route) => {
    bodies.push(route.request().postDataJSON());
    if (bodies.length > 1) return route.continue();
    return route.fulfill({
      status: 503,
      headers: { 'retry-after': '2' },
      json: { message: 'Many people are signing in right now. Please try again in 2 seconds.' },
    });
  });

  const screen = studentScreen(page);
  await page.goto('/');
  await screen.loginEmail.fill(account.email);
  await screen.loginPassword.fill(account.password);
  await screen.loginButton.click();

  const notice = page.getByTestId('busy-notice');
  await expect(notice).toContainText('Many people are signing in right now');
  await expect(notice).toContainText(/Trying again by itself in [12] s/u);
  // Screen readers hear it from a live region.
  await expect(
    page.getByRole('status').filter({ hasText: 'Trying again by itself in 2 s' }),
  ).toHaveCount(1);
  // What was typed stays in the form while it waits.
  await expect(screen.loginEmail).toHaveValue(account.email);
  await expect(screen.loginPassword).toHaveValue(account.password);

  // Nobody presses again: the page retries once by itself, with the same details.
  await expectStepTwo(page);
  expect(bodies).toHaveLength(2);
  expect(bodies[1]).toEqual(bodies[0]);
  await expect(notice).toHaveCount(0);
});

test('a staff sign-in answered 503 with Retry-After waits and signs in by itself', async ({
  page,
}) => {
  let calls = 0;
  await page.route(`**${adminLoginPath}`, async (route) => {
    calls += 1;
    if (calls > 1) return route.continue();
    return route.fulfill({
      status: 503,
      headers: { 'retry-after': '1' },
      json: { message: 'Many people are signing in right now. Please try again in 1 seconds.' },
    });
  });
  await page.goto('/admin');
  await page.getByLabel('Admin email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('busy-notice')).toContainText('Many people are signing in');
  await expect(page).toHaveURL(/\/adminDash/);
  expect(calls).toBe(2);
});
