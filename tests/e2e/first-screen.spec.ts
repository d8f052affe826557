/**
 * The prerendered first screens (issue 16): the built HTML of / and /admin holds their screens,
 * so they show without any script; the app hydrates them (the very same elements stay, and React
 * reports no hydration error); a stored session skips the prerendered card from the first paint.
 */
import { expect, test, type Page } from '@playwright/test';
import { openControlled } from './pwa-support.ts';
import {
  expectStepOne,
  expectStepTwo,
  newAccount,
  signUpThroughUi,
  studentScreen,
} from './support.ts';

/**
 * Runs in the page before its own scripts. When the parser has finished the document, before any
 * module script runs, it keeps what the first paint shows: the prerendered email input (to
 * compare with the one after hydration), whether #root is displayed, and the colour mode. It also
 * records Content-Security-Policy violations.
 */
const RECORD_FIRST_PAINT = `
  window.__firstPaint = { cspViolations: [] };
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__firstPaint.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI);
  });
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    const root = document.getElementById('root');
    Object.assign(window.__firstPaint, {
      email: document.querySelector('input[name="email"]'),
      rootShown: root !== null && getComputedStyle(root).display !== 'none',
      rootText: root ? root.textContent : '',
      theme: document.documentElement.dataset.theme,
    });
  });
`;

type FirstPaint = { rootShown: boolean; rootText: string; theme: string; cspViolations: string[] };

function firstPaint(page: Page): Promise<FirstPaint> {
  return page.evaluate(() => {
    const recorded = (window as unknown as { __firstPaint: FirstPaint }).__firstPaint;
    const { rootShown, rootText, theme, cspViolations } = recorded;
    return { rootShown, rootText, theme, cspViolations };
  });
}

/** Console errors and uncaught page errors (React reports failed hydration as either). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/ shows the login card: the tabs, the labelled fields and the link', async ({ page }) => {
    await page.goto('/');
    const screen = studentScreen(page);
    await expect(screen.currentStep).toContainText('Login');
    await expect(screen.loginTab).toBeVisible();
    await expect(screen.loginTab).toHaveAttribute('aria-selected', 'true');
    await expect(screen.signUpTab).toBeVisible();
    await expect(screen.loginEmail).toBeVisible();
    await expect(screen.loginPassword).toBeVisible();
    await expect(screen.loginButton).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    // The Sign Up panel is in the page, hidden behind its tab, with its fields and hint.
    await expect(screen.signUpPanel).toBeHidden();
    await expect(page.getByText('Please remember your password for future logins')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'How It Works' })).toBeVisible();
  });

  test('/admin shows the administrator sign-in', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByLabel('Admin email')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  // The browser looks up each font size and weight a page uses before its first layout, one by
  // one (about 7 ms each on a slow lab machine): the first screens keep to the five of base.css.
  for (const path of ['/', '/admin']) {
    test(`${path} is drawn in at most five font sizes and weights`, async ({ page }) => {
      await page.goto(path);
      const faces = await page.evaluate(() => {
        const seen = new Set<string>();
        for (const element of document.querySelectorAll('#root *')) {
          const hasText = [...element.childNodes].some(
            (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
          );
          if (!hasText && !element.matches('input, button')) continue;
          const style = getComputedStyle(element);
          seen.add(`${style.fontFamily} ${style.fontSize} ${style.fontWeight}`);
        }
        return [...seen].sort();
      });
      expect(faces.length, faces.join('\n')).toBeGreaterThan(1);
      expect(faces.length, faces.join('\n')).toBeLessThanOrEqual(5);
    });
  }
});

test.describe('with JavaScript', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript({ content: RECORD_FIRST_PAINT });
  });

  test('/ hydrates the prerendered card: same elements, no hydration or CSP error', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    const screen = studentScreen(page);
    // The tabs answer clicks and keys only once React has hydrated them: a click before that
    // is lost (as a student would, click again until it answers).
    await expect(async () => {
      await screen.signUpTab.click();
      await expect(screen.signUpPanel).toBeVisible({ timeout: 500 });
    }).toPass();
    await page.keyboard.press('ArrowLeft');
    await expect(screen.loginPanel).toBeVisible();
    await expect(screen.loginTab).toBeFocused();

    const painted = await firstPaint(page);
    expect(painted.rootShown).toBe(true);
    expect(painted.rootText).toContain('Log in or sign up');
    // Hydration keeps the prerendered elements; a client render would have replaced them.
    const sameInput = await page.evaluate(
      () =>
        (window as unknown as { __firstPaint: { email: Element | null } }).__firstPaint.email ===
        document.querySelector('input[name="email"]'),
    );
    expect(sameInput).toBe(true);
    expect(painted.cspViolations).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('/admin hydrates the prerendered sign-in without errors', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/admin');
    // As above: a click before hydration is lost.
    await expect(async () => {
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Please enter all details' }).first(),
      ).toBeVisible({ timeout: 1_000 });
    }).toPass();
    const sameInput = await page.evaluate(
      () =>
        (window as unknown as { __firstPaint: { email: Element | null } }).__firstPaint.email ===
        document.querySelector('input[name="email"]'),
    );
    expect(sameInput).toBe(true);
    expect((await firstPaint(page)).cspViolations).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('a signed-in student goes straight to step 2: the card is never shown', async ({ page }) => {
    await signUpThroughUi(page, newAccount('first-screen'));
    const errors = collectErrors(page);
    await page.reload();
    await expectStepTwo(page);
    const painted = await firstPaint(page);
    expect(painted.rootShown).toBe(false);
    expect(errors).toEqual([]);
  });

  test('another path served the same HTML never shows the prerendered card', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/forgot-password');
    await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
    expect((await firstPaint(page)).rootShown).toBe(false);
    await expect(studentScreen(page).loginTab).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test.describe('dark system', () => {
    test.use({ colorScheme: 'dark' });

    test('the colour mode is set before the first paint', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
      expect((await firstPaint(page)).theme).toBe('dark');
    });

    // The first paint is styled by the rules inlined at build time alone: the stylesheets and the
    // app's scripts are linked, and may not have arrived yet (here they never do).
    test('the inlined rules alone paint the card, in the dark colours', async ({ page }) => {
      await page.route(/\.(css|js)$/u, (route) => route.abort());
      await page.goto('/');
      const colours = await page.evaluate(() => {
        const style = (selector: string) => {
          const element = document.querySelector(selector);
          return element ? getComputedStyle(element) : null;
        };
        return {
          body: style('body')?.backgroundColor,
          button: style('form button[type="submit"]')?.backgroundColor,
          emailWidth: style('input[name="email"]')?.width,
        };
      });
      const channels = (colour: string | null | undefined) =>
        (colour?.match(/\d+/gu) ?? []).slice(0, 3).map(Number);
      // A dark page (every channel low), not the browser's white default nor the light theme.
      expect(Math.max(...channels(colours.body))).toBeLessThan(60);
      // The submit button has the theme's accent, not the browser's grey default.
      expect(channels(colours.button)).not.toEqual([239, 239, 239]);
      expect(channels(colours.button)).not.toEqual([]);
      // The field is laid out by the card's rules (full width), not the browser's default ~150 px.
      expect(parseFloat(colours.emailWidth ?? '0')).toBeGreaterThan(250);
    });
  });

  test('offline, a cold start paints the prerendered card from the service worker', async ({
    page,
    context,
  }) => {
    await openControlled(page);
    await context.setOffline(true);
    const errors = collectErrors(page);
    await page.reload();
    await expectStepOne(page);
    const painted = await firstPaint(page);
    expect(painted.rootShown).toBe(true);
    expect(painted.rootText).toContain('Log in or sign up');
    await page.goto('/admin');
    expect((await firstPaint(page)).rootText).toContain('Administrator sign-in');
    expect(errors).toEqual([]);
  });
});
