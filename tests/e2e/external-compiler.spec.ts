/**
 * COMPILER_URL_TEMPLATE pointing at an external provider: a second server with that setting; the
 * provider's page is served by the browser's request routing (no outside network here). Proves
 * the frame gets the provider's address with the app key and token (the token in the fragment, so
 * it never reaches the provider's server nor its logs), that the page's CSP lets the provider in,
 * and that the provider's events reach the test screen.
 */
import { expect, test } from '@playwright/test';
import { createChallenge, uniqueCode } from './compiler-support.ts';
import { startSecondServer, type SecondServer } from './second-server.ts';
import { newAccount, signUpThroughUi } from './support.ts';

const PROVIDER = 'http://ide.example.test';
const APP_KEY = 'provider-app-key-1234';

let server: SecondServer | undefined;
let base = '';

test.beforeAll(async () => {
  // A bound, not a measure: a second server built from the sources may take over 30 s to answer
  // on a loaded CI machine (startSecondServer waits up to 60 s).
  test.setTimeout(90_000);
  server = await startSecondServer('external', () => ({
    COMPILER_URL_TEMPLATE: `${PROVIDER}/embed/{challengeId}?key={appKey}#t={token}`,
    COMPILER_APP_KEY: APP_KEY,
  }));
  base = server.base;
});

test.afterAll(() => server?.stop());

test('the test screen embeds an external provider named by COMPILER_URL_TEMPLATE', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const code = uniqueCode('EXT');
  await createChallenge(request, code, {}, base);
  const requested: string[] = [];
  await page.route(`${PROVIDER}/**`, async (route) => {
    requested.push(route.request().url());
    // The provider's page reports a judged submission to the test screen around it.
    const event = JSON.stringify({
      source: 'campus-compiler',
      type: 'submitted',
      challengeId: code,
      score: 40,
      maxScore: 100,
      bestScore: 40,
    });
    await route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Provider</title><h1>External IDE</h1><script>parent.postMessage(${event}, '*');</script>`,
    });
  });
  await signUpThroughUi(page, newAccount('external'), base);
  await page.goto(`${base}/challenges/${code}`);

  const frame = page.locator(`iframe[title="Coding test ${code}"]`);
  await expect(
    page.frameLocator(`iframe[title="Coding test ${code}"]`).getByRole('heading'),
  ).toHaveText('External IDE');
  const src = new URL((await frame.getAttribute('src')) ?? '');
  expect(`${src.origin}${src.pathname}`).toBe(`${PROVIDER}/embed/${code}`);
  expect(src.searchParams.get('key')).toBe(APP_KEY);
  expect(new URLSearchParams(src.hash.slice(1)).get('t')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(requested).toHaveLength(1);
  // What the provider's server received: the address without the fragment's token.
  expect(requested[0]).toBe(`${PROVIDER}/embed/${code}?key=${APP_KEY}`);
  await expect(page.getByTestId('test-status')).toHaveText(
    'Last submission: 40 of 100 points · best 40',
  );
});
