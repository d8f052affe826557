/**
 * Rendered statements (issue 31 item 4) in the browser: a statement with math and an image is
 * typeset on the student's test screen (in the compiler page's frame), with KaTeX's stylesheet and
 * fonts from our own server, and the image stays available with the network gone; a statement
 * that tries `<script>`, `onerror=`, a `javascript:` link or KaTeX's \href runs nothing, neither
 * for the student nor in the teacher's preview, which also shows an image chosen in the form.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { pngImage } from '../api/image-fixtures.ts';
import { E2E_ADMIN } from './admin-credentials.ts';
import { compilerFrame, createChallenge, uniqueCode } from './compiler-support.ts';
import { openControlled } from './pwa-support.ts';
import { newAccount, signUpThroughUi } from './support.ts';

const SHOTS = process.env.STATEMENT_SCREENSHOT_DIR ?? 'test-results';

const MATH_STATEMENT = [
  '## Sum of the first numbers',
  '',
  'Given $n$ ($1 \\le n \\le 10^{9}$), print the sum of the first $n$ positive integers:',
  '',
  '$$',
  '\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}',
  '$$',
  '',
  '![The staircase of the sum](staircase.png)',
  '',
  '| $n$ | output |',
  '|-----|--------|',
  '| 3   | 6      |',
].join('\n');

const HOSTILE_STATEMENT = [
  'Print a + b.',
  '',
  '<script>window.__pwned = "script"; alert("script")</script>',
  '',
  "<img src=x onerror=\"window.__pwned = 'onerror'; alert('onerror')\">",
  '',
  "[Click for a hint](javascript:window.__pwned='link';alert('link'))",
  '',
  '<a href="javascript:alert(1)" onclick="window.__pwned=\'onclick\'">raw link</a>',
  '',
  'Math: $\\href{javascript:alert(1)}{x}$ and $x^2$.',
].join('\n');

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/admin/login', { data: E2E_ADMIN });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { token: string }).token;
}

async function uploadImage(
  request: APIRequestContext,
  challengeId: string,
  name: string,
  bytes: Buffer,
): Promise<void> {
  const res = await request.post(`/api/admin/challenges/${challengeId}/images`, {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    multipart: { file: { name, mimeType: 'image/png', buffer: bytes } },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Every request the page and its frame make that leaves our server (a CDN would be one). */
function requestsElsewhere(page: Page, origin: string): string[] {
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:'))
      elsewhere.push(url);
  });
  return elsewhere;
}

/** Dialogs (alert, confirm) opened by anything on the page. */
function dialogsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

test('a statement with math and an image is typeset for the student, its image kept for offline', async ({
  page,
  request,
  baseURL,
}) => {
  // A journey (sign-up, the test, screenshots in both modes, offline): a bound, not a measure.
  test.slow();
  const code = uniqueCode('MATH');
  await createChallenge(request, code, {
    challengeName: 'Triangular numbers',
    challengeDesc: MATH_STATEMENT,
  });
  await uploadImage(request, code, 'staircase.png', pngImage(48, 32, [31, 79, 209]));
  const elsewhere = requestsElsewhere(page, baseURL ?? '');
  // Images are fetched with the compiler token: remember the request to ask for it again offline.
  const imageRequests: { url: string; headers: Record<string, string> }[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/images/')) imageRequests.push({ url: r.url(), headers: r.headers() });
  });

  // The service worker controls the tab before the test opens, as it does for a student who
  // signed in on this computer: the frame's requests then go through it.
  await openControlled(page);
  await signUpThroughUi(page, newAccount('statement'));
  await page.goto(`/challenges/${code}`);
  const frame = compilerFrame(page, code);
  const statement = frame.getByTestId('statement-rendered');
  // A bound on a loaded machine, not a measure: the renderer is a lazy chunk (KaTeX with it).
  await expect(statement).toBeVisible({ timeout: 30_000 });

  // Math: three pieces in the text, one displayed, one in the table; typeset, not dollars.
  await expect(statement.locator('.katex')).toHaveCount(5);
  await expect(statement.locator('.katex-display')).toHaveCount(1);
  await expect(statement.locator('.katex-display annotation')).toHaveText(
    '\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}',
  );
  await expect(statement.locator('.katex-display .mfrac')).toBeVisible();
  await expect(statement.getByRole('heading', { name: 'Sum of the first numbers' })).toBeVisible();
  await expect(statement.locator('table td').first()).toHaveText('3');
  expect(await statement.textContent()).not.toContain('$');
  // KaTeX's fonts are in use, from our server.
  await expect
    .poll(() =>
      statement.evaluate(
        () => document.fonts.check('16px KaTeX_Main') && document.fonts.check('16px KaTeX_Math'),
      ),
    )
    .toBe(true);

  // The image: drawn at its own size from the bytes the teacher uploaded.
  const image = statement.getByRole('img', { name: 'The staircase of the sum' });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
    .toEqual([48, 32]);
  expect(elsewhere).toEqual([]);

  await page.screenshot({ path: `${SHOTS}/statement-student-light.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${SHOTS}/statement-student-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });

  // Offline, the image is still there: the service worker answers its address from its cache.
  expect(imageRequests).toHaveLength(1);
  const [seen] = imageRequests;
  const frameHandle = page.frames().find((f) => f.url().includes(`/compiler/${code}`));
  if (!seen || !frameHandle) throw new Error('no image request or no compiler frame');
  await page.context().setOffline(true);
  const offline = await frameHandle.evaluate(async ({ url, headers }) => {
    const res = await fetch(url, {
      headers: {
        authorization: headers.authorization ?? '',
        'x-app-key': headers['x-app-key'] ?? '',
      },
    });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      size: (await res.blob()).size,
    };
  }, seen);
  expect(offline).toEqual({
    status: 200,
    type: 'image/png',
    size: pngImage(48, 32, [31, 79, 209]).length,
  });
  await page.context().setOffline(false);
});

test('a statement that tries script, event handlers or javascript: links runs nothing', async ({
  page,
  request,
}) => {
  const code = uniqueCode('XSS');
  await createChallenge(request, code, { challengeDesc: HOSTILE_STATEMENT });
  const dialogs = dialogsOf(page);
  await signUpThroughUi(page, newAccount('hostile'));
  await page.goto(`/challenges/${code}`);
  const frame = compilerFrame(page, code);
  const statement = frame.getByTestId('statement-rendered');
  // A bound on a loaded machine, not a measure: the renderer is a lazy chunk (KaTeX with it).
  await expect(statement).toBeVisible({ timeout: 30_000 });

  // The raw HTML is shown as the text it is; nothing of it is an element.
  await expect(statement).toContainText('<script>window.__pwned = "script"');
  await expect(statement).toContainText('<img src=x onerror=');
  await expect(statement.locator('script, img, iframe, [onerror], [onclick]')).toHaveCount(0);
  // The Markdown link keeps its text and loses its address; clicking it does nothing.
  const link = statement.getByText('Click for a hint');
  await expect(link).not.toHaveAttribute('href', /.+/u);
  await link.click();
  await expect(statement.locator('a[href^="javascript" i]')).toHaveCount(0);
  await expect(statement.locator('.katex')).toHaveCount(2);
  await page.screenshot({ path: `${SHOTS}/statement-hostile.png` });

  const frameHandle = page.frames().find((f) => f.url().includes(`/compiler/${code}`));
  expect(await frameHandle?.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBe(
    undefined,
  );
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBe(undefined);
  expect(dialogs).toEqual([]);
});

test("the teacher's preview shows the statement as students will, with an image chosen in the form", async ({
  page,
  request,
}) => {
  test.slow();
  const code = uniqueCode('PREV');
  await createChallenge(request, code, { challengeDesc: HOSTILE_STATEMENT });
  const dialogs = dialogsOf(page);
  await page.goto('/admin');
  await page.getByLabel('Admin email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/adminDash/u);
  await page.goto(`/adminDash?view=edit-challenge&challengeId=${code}`);
  const form = page.getByRole('form', { name: 'Loaded challenge' });
  await expect(form).toBeVisible();

  // The images field: a file chosen here is stored at once and listed with its Markdown.
  await form.getByLabel('Add images').setInputFiles({
    name: 'bars.png',
    mimeType: 'image/png',
    buffer: pngImage(30, 20, [0, 128, 0]),
  });
  await expect(form.getByTestId('challenge-images').getByRole('listitem')).toHaveText(
    /!\[\]\(bars\.png\)/u,
  );

  // The preview opens from the keyboard, next to the text box, and follows the typing.
  const toggle = form.getByRole('button', { name: 'Show preview' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const preview = form.getByRole('region', { name: 'Preview of the description' });
  await expect(preview.getByTestId('statement-rendered')).toBeVisible();
  await expect(preview.locator('script, img[onerror], [onclick]')).toHaveCount(0);
  await expect(preview.locator('.katex')).toHaveCount(2);

  const description = form.getByLabel('Description (the statement students read)');
  await description.fill('Bars: $\\frac{1}{2}$ of them.\n\n![Green bars](bars.png)');
  const bars = preview.getByRole('img', { name: 'Green bars' });
  await expect(bars).toBeVisible();
  await expect
    .poll(() => bars.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
    .toEqual([30, 20]);
  await expect(preview.locator('.katex .mfrac')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/statement-preview-light.png`, fullPage: false });
  await form.getByTestId('challenge-images').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/statement-images-field.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await preview.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/statement-preview-dark.png` });

  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBe(undefined);
  expect(dialogs).toEqual([]);
});
