// The device cookie in a real browser (issue 30 item 3): a sign-in leaves an HttpOnly cookie the
// page's scripts cannot read, which Chromium sends back with the next login, and only with it.
import { expect, test } from '@playwright/test';
import {
  expectStepOne,
  expectStepTwo,
  newAccount,
  signUpThroughUi,
  studentScreen,
} from './support.ts';

test('a sign-in leaves an HttpOnly device cookie that the next login sends, and nothing else', async ({
  page,
  context,
}) => {
  const account = newAccount('device');
  await signUpThroughUi(page, account);
  const cookies = (await context.cookies()).filter((c) => c.name === 'portal_device');
  expect(cookies).toHaveLength(1);
  expect(cookies[0]).toMatchObject({
    path: '/api/user/loginSignUp',
    httpOnly: true,
    sameSite: 'Strict',
  });
  expect(await page.evaluate(() => document.cookie)).not.toContain('portal_device');

  const screen = studentScreen(page);
  // Other calls (here the page's own requests after sign-in) never carry it.
  const otherCalls: string[] = [];
  page.on('request', (request) => {
    void request.allHeaders().then((headers) => {
      if (
        !request.url().includes('/api/user/loginSignUp') &&
        headers.cookie?.includes('portal_device')
      )
        otherCalls.push(request.url());
    });
  });
  await screen.logOut.click();
  await expectStepOne(page);
  await screen.loginEmail.fill(account.email);
  await screen.loginPassword.fill(account.password);
  const login = page.waitForRequest((r) => r.url().endsWith('/api/user/loginSignUp'));
  await screen.loginButton.click();
  const headers = await (await login).allHeaders();
  expect(headers.cookie).toContain(`portal_device=${cookies[0]?.value}`);
  await expectStepTwo(page);
  expect(otherCalls).toEqual([]);
});
