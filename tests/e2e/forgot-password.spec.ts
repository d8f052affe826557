import { expect, test } from '@playwright/test';
import { toasts } from './support.ts';

// page.route cannot see requests a service worker makes; these tests stub the API with it.
test.use({ serviceWorkers: 'block' });

test("an empty email shows 'Please enter all details' without calling the server", async ({
  page,
}) => {
  let calls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/user/createResetPassword')) calls += 1;
  });
  await page.goto('/forgot-password');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(toasts(page, 'Please enter all details')).toBeVisible();
  expect(calls).toBe(0);
});

test('a request posts {email} and shows the success toast', async ({ page }) => {
  let body: unknown;
  await page.route('**/api/user/createResetPassword', async (route) => {
    body = route.request().postDataJSON();
    await route.fulfill({ json: { message: 'If the account exists, an email is on its way.' } });
  });
  await page.goto('/forgot-password');
  await page.getByRole('textbox', { name: 'Email' }).fill('someone@e2e.test');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(toasts(page, 'Email sent successfully')).toBeVisible();
  expect(body).toEqual({ email: 'someone@e2e.test' });
});

test("a failed request shows the server's message", async ({ page }) => {
  await page.route('**/api/user/createResetPassword', (route) =>
    route.fulfill({ status: 503, json: { message: 'Mail is not configured yet' } }),
  );
  await page.goto('/forgot-password');
  await page.getByRole('textbox', { name: 'Email' }).fill('someone@e2e.test');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(toasts(page, 'Mail is not configured yet')).toBeVisible();
});

test('an unreachable server shows the network error message', async ({ page }) => {
  await page.route('**/api/user/createResetPassword', (route) => route.abort('connectionrefused'));
  await page.goto('/forgot-password');
  await page.getByRole('textbox', { name: 'Email' }).fill('someone@e2e.test');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(toasts(page, 'Network error: the server could not be reached')).toBeVisible();
});
