/**
 * Campus single sign-on (issue 18) in Chromium: a second portal server configured for a real
 * OpenID provider (oidc-provider, started by the test, with its development sign-in and consent
 * pages). A student clicks "Sign in with Campus ID", signs in at the provider and lands on step 2
 * with the fragment gone from the address; an administrator lands on the dashboard; a refused
 * campus account comes back with the catalogue's message. The default server shows no button.
 */
import { expect, test, type Page } from '@playwright/test';
import { ssoErrorMessages } from '../../src/contract/oidc-links.ts';
import { startTestProvider, type TestProvider } from '../api/oidc-fixture.ts';
import { freePort, startSecondServer, type SecondServer } from './second-server.ts';
import { expectStepTwo, toasts } from './support.ts';

let server: SecondServer | undefined;
let provider: TestProvider | undefined;
let base = '';

test.beforeAll(async () => {
  // A bound, not a measure: a second server built from the sources may take over 30 s to answer
  // on a loaded CI machine (startSecondServer waits up to 60 s).
  test.setTimeout(90_000);
  // The provider registers the portal's redirect URI, so the port is chosen first.
  const port = await freePort();
  const started = await startTestProvider(`http://127.0.0.1:${port}/api/auth/oidc/callback`, {
    ada: { email: 'ada.sso@college.edu', email_verified: true, name: 'Ada SSO' },
    dean: { email: 'dean.sso@college.edu', email_verified: true, name: 'Dean' },
    gmail: { email: 'someone.sso@gmail.example', email_verified: true },
  });
  provider = started;
  server = await startSecondServer(
    'sso',
    (address) => ({
      PUBLIC_URL: address,
      OIDC_ISSUER: started.issuer,
      OIDC_CLIENT_ID: started.clientId,
      OIDC_CLIENT_SECRET: started.clientSecret,
      OIDC_ALLOWED_DOMAINS: 'college.edu',
      OIDC_ADMIN_EMAILS: 'dean.sso@college.edu',
      OIDC_BUTTON_LABEL: 'Campus ID',
    }),
    port,
  );
  base = server.base;
});

test.afterAll(async () => {
  server?.stop();
  await provider?.close();
});

/** The provider's development pages: type the login, then consent. */
async function signInAtProvider(page: Page, login: string) {
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a student signs in with the campus account and lands on step 2', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`${base}/`);
  const button = page.getByRole('link', { name: 'Sign in with Campus ID' });
  await expect(button).toBeVisible();
  // The spec's forms are all still there, the button under them.
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toBeVisible();
  await page.screenshot({ path: 'test-results/sso-student-button.png' });
  await button.click();
  await expect(page).toHaveURL(new RegExp(`^${provider?.issuer}/interaction/`));
  await signInAtProvider(page, 'ada');
  await expectStepTwo(page);
  await expect(page.getByText('ada.sso@college.edu')).toBeVisible();
  // The hand-over is gone from the address bar and the history entry.
  expect(new URL(page.url()).hash).toBe('');
  await page.reload();
  await expectStepTwo(page);

  // Log Out ends the provider's session too (RP-initiated logout): the next student at this
  // computer is asked to sign in at the provider again, not signed in as this one.
  await page.getByRole('button', { name: 'Log Out' }).click();
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${base}/`);
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in with Campus ID' }).click();
  await expect(page.getByPlaceholder('Enter any login')).toBeVisible();
});

test('an administrator signs in with the campus account and lands on the dashboard', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(`${base}/admin`);
  await page.getByRole('link', { name: 'Sign in with Campus ID' }).click();
  await signInAtProvider(page, 'dean');
  await expect(page).toHaveURL(/\/adminDash$/);
  await expect(page.getByRole('navigation', { name: 'Dashboard menu' })).toBeVisible();
});

test('a campus account the portal refuses comes back with the reason', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`${base}/`);
  await page.getByRole('link', { name: 'Sign in with Campus ID' }).click();
  await signInAtProvider(page, 'gmail');
  await expect(toasts(page, ssoErrorMessages['domain-not-allowed'])).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
});

test('without single sign-on configured there is no button', async ({ page }) => {
  // Once the page has asked whether single sign-on is on, not before.
  const asked = page.waitForResponse((response) => response.url().endsWith('/api/auth/oidc'));
  await page.goto('/');
  expect(await (await asked).json()).toEqual({ enabled: false });
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Sign in with/ })).toHaveCount(0);
});
