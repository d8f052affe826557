import { expect, test } from '@playwright/test';
import {
  expectStepOne,
  expectStepTwo,
  newAccount,
  signUpThroughUi,
  storedSessions,
  studentScreen,
} from './support.ts';

test('a reload keeps the session (step 2, name and email)', async ({ page }) => {
  const account = newAccount('reload');
  await signUpThroughUi(page, account);
  await page.reload();
  await expectStepTwo(page);
  await expect(page.getByTestId('identity-email')).toHaveText(account.email);
});

test('the session is written to sessionStorage, localStorage and IndexedDB', async ({ page }) => {
  const account = newAccount('copies');
  await signUpThroughUi(page, account);
  await expect
    .poll(async () => {
      const { session, local, idb } = await storedSessions(page);
      return [
        session && JSON.parse(session).email,
        local && JSON.parse(local).email,
        (idb as { email?: string })?.email,
      ];
    })
    .toEqual([account.email, account.email, account.email]);
});

test('the session is restored from IndexedDB after sessionStorage and localStorage are cleared', async ({
  page,
}) => {
  const account = newAccount('idb');
  await signUpThroughUi(page, account);
  await expect.poll(async () => (await storedSessions(page)).idb).toBeTruthy();
  await page.evaluate(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  await page.reload();
  await expectStepTwo(page);
  await expect(page.getByTestId('identity-email')).toHaveText(account.email);
  // ...and the web-storage copies are written back.
  await expect.poll(async () => (await storedSessions(page)).local).toContain(account.email);
});

test('a session stored in a new tab (localStorage) carries over; Log Out in one tab logs the other out', async ({
  page,
  context,
}) => {
  await signUpThroughUi(page, newAccount('tabs'));
  const other = await context.newPage();
  await other.goto('/');
  await expectStepTwo(other);

  await studentScreen(other).logOut.click();
  await expectStepOne(other);
  await expectStepOne(page);
});

test('/challenges/X without a session redirects to /', async ({ page }) => {
  await page.goto('/challenges/CS101');
  await expect(page).toHaveURL(/\/$/);
  await expectStepOne(page);
});

test('/challenges/X with an expired session redirects to /', async ({ page }) => {
  await signUpThroughUi(page, newAccount('expired-deeplink'));
  await page.clock.setFixedTime(Date.now() + 13 * 60 * 60 * 1000);
  await page.goto('/challenges/CS101');
  await expect(page).toHaveURL(/\/$/);
  await expectStepOne(page);
});
