/**
 * The PWA offline: the service worker installs and controls the first visit, the shell of /,
 * /admin and /forgot-password loads with no network, the session comes back from IndexedDB, the
 * offline banner follows the network, and only the roster template has an offline answer.
 */
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './admin-credentials.ts';
import { openControlled } from './pwa-support.ts';
import {
  expectStepOne,
  expectStepTwo,
  newAccount,
  signUpThroughUi,
  storedSessions,
} from './support.ts';

test('the first visit installs the service worker, which controls the page without a reload', async ({
  page,
}) => {
  expect(await openControlled(page)).toBe(0);
  const scriptURL = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(scriptURL).toMatch(/\/sw\.js$/);
});

test('offline, a reload of /, /admin and /forgot-password renders the shell', async ({
  page,
  context,
}) => {
  await openControlled(page);
  await context.setOffline(true);

  await page.reload();
  await expectStepOne(page);

  await page.goto('/admin');
  await expect(page.getByLabel('Admin email')).toBeVisible();
  await expect(page.getByLabel('Password')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  await page.goto('/forgot-password');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
});

test('an API call made offline fails with the network-error toast, not a cached answer', async ({
  page,
  context,
}) => {
  await openControlled(page);
  await context.setOffline(true);
  await page.goto('/forgot-password');
  await page.getByRole('textbox', { name: 'Email' }).fill('someone@e2e.test');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Network error' }).first()).toBeVisible();
});

test('the session comes back from IndexedDB when web storage is cleared, online and offline', async ({
  page,
  context,
}) => {
  await openControlled(page);
  const account = newAccount('pwa-idb');
  await signUpThroughUi(page, account);
  await expect.poll(async () => (await storedSessions(page)).idb).toBeTruthy();

  const clearWebStorage = () =>
    page.evaluate(() => {
      sessionStorage.clear();
      localStorage.clear();
    });

  await clearWebStorage();
  await page.reload();
  await expectStepTwo(page);
  await expect(page.getByTestId('identity-email')).toHaveText(account.email);

  await context.setOffline(true);
  await clearWebStorage();
  await page.reload();
  await expectStepTwo(page);
  await expect(page.getByTestId('identity-email')).toHaveText(account.email);
});

test('the offline banner appears when the network drops and goes when it returns', async ({
  page,
  context,
}) => {
  await openControlled(page);
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toHaveCount(0);
  await context.setOffline(true);
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('You are offline');
  // Inside a polite live region, so screen readers announce it.
  await expect(page.getByRole('status').filter({ has: banner })).toHaveCount(1);
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
});

test('the roster template: network first for admins, the static copy offline, nothing cached', async ({
  page,
  context,
  request,
}) => {
  const login = await request.post('/api/admin/login', { data: E2E_ADMIN });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const fromServer = await (
    await request.get('/api/admin/downloadExcelTemplate', {
      headers: { authorization: `Bearer ${token}` },
    })
  ).text();
  expect(fromServer.trim()).toBe('Name,Email,Year,Branch,College Name');

  await openControlled(page);
  const fetchTemplate = (auth: string | null) =>
    page.evaluate(async (authorization) => {
      try {
        const response = await fetch('/api/admin/downloadExcelTemplate', {
          headers: authorization ? { authorization } : {},
        });
        return { status: response.status, body: await response.text() };
      } catch {
        return { status: 0, body: '' };
      }
    }, auth);

  // Online the server decides: a wrong token is refused even though the worker holds a copy.
  expect((await fetchTemplate('Bearer not-a-token')).status).toBe(401);
  expect(await fetchTemplate(`Bearer ${token}`)).toEqual({ status: 200, body: fromServer });
  const staticCopy = await page.evaluate(async () => (await fetch('/Template.csv')).text());
  expect(staticCopy).toBe(fromServer);

  // The .xlsx form (?format=xlsx) has its own static copy: offline it gets that, never the .csv.
  const fetchXlsx = (url: string, authorization: string | null) =>
    page.evaluate(
      async ([address, auth]) => {
        try {
          const response = await fetch(address, { headers: auth ? { authorization: auth } : {} });
          const bytes = new Uint8Array(await response.arrayBuffer());
          return {
            status: response.status,
            name: response.headers.get('content-disposition'),
            bytes: Array.from(bytes.subarray(0, 4)).join(','),
            length: bytes.length,
          };
        } catch {
          return { status: 0, name: null, bytes: '', length: 0 };
        }
      },
      [url, authorization] as const,
    );
  const xlsxUrl = '/api/admin/downloadExcelTemplate?format=xlsx';
  const xlsxOnline = await fetchXlsx(xlsxUrl, `Bearer ${token}`);
  expect(xlsxOnline).toMatchObject({
    status: 200,
    name: 'attachment; filename="Template.xlsx"',
    // A zip file's signature: PK\x03\x04.
    bytes: '80,75,3,4',
  });
  const xlsxCopy = await fetchXlsx('/Template.xlsx', null);

  await context.setOffline(true);
  expect(await fetchTemplate(`Bearer ${token}`)).toEqual({ status: 200, body: fromServer });
  expect((await fetchTemplate(null)).status).toBe(0);
  expect(await fetchXlsx(xlsxUrl, `Bearer ${token}`)).toEqual({
    ...xlsxCopy,
    name: 'attachment; filename="Template.xlsx"',
  });
  expect((await fetchXlsx(xlsxUrl, null)).status).toBe(0);
  // Every other API call goes to the network only.
  const health = await page.evaluate(async () => {
    try {
      return (await fetch('/api/health')).status;
    } catch {
      return 0;
    }
  });
  expect(health).toBe(0);
});
