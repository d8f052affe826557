import { expect, test, type Page } from '@playwright/test';
import { newAccount, signUpThroughUi, studentScreen, toasts } from './support.ts';

const ENTER_ALL = 'Please enter all details';

/** Counts calls to the login/sign-up API, to prove client-side checks make none. */
function countAuthCalls(page: Page): () => number {
  let calls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/user/loginSignUp')) calls += 1;
  });
  return () => calls;
}

test.describe('Login validation', () => {
  test("missing email or password shows 'Please enter all details' without calling the server", async ({
    page,
  }) => {
    const calls = countAuthCalls(page);
    const screen = studentScreen(page);
    await page.goto('/');
    await screen.loginButton.click();
    await expect(toasts(page, ENTER_ALL)).toHaveCount(1);

    await screen.loginEmail.fill('someone@e2e.test');
    await screen.loginButton.click();
    await expect(toasts(page, ENTER_ALL)).toHaveCount(2);

    await screen.loginEmail.fill('');
    await screen.loginPassword.fill('whatever-pass');
    await screen.loginButton.click();
    await expect(toasts(page, ENTER_ALL)).toHaveCount(3);
    expect(calls()).toBe(0);
  });

  test("a wrong password shows the server's message", async ({ page }) => {
    const account = newAccount('wrongpw');
    await signUpThroughUi(page, account);
    const screen = studentScreen(page);
    await screen.logOut.click();
    await screen.loginEmail.fill(account.email);
    await screen.loginPassword.fill('not-the-password');
    await screen.loginButton.click();
    await expect(toasts(page, 'Incorrect email or password')).toBeVisible();
    await expect(screen.loginTab).toBeVisible();
  });
});

test.describe('Sign Up validation', () => {
  test("a missing name, email or password shows 'Please enter all details' without calling the server", async ({
    page,
  }) => {
    const calls = countAuthCalls(page);
    const screen = studentScreen(page);
    await page.goto('/');
    await screen.signUpTab.click();
    await screen.signUpEmail.fill('someone@e2e.test');
    await screen.signUpPassword.fill('long-enough-1');
    await screen.signUpButton.click();
    await expect(toasts(page, ENTER_ALL)).toHaveCount(1);

    await screen.signUpName.fill('   ');
    await screen.signUpButton.click();
    await expect(toasts(page, ENTER_ALL)).toHaveCount(2);

    await screen.signUpName.fill('someone');
    await screen.signUpPassword.fill('');
    await screen.signUpButton.click();
    await expect(toasts(page, ENTER_ALL)).toHaveCount(3);
    expect(calls()).toBe(0);
  });

  test("signing up twice with one email shows the server's message", async ({ page }) => {
    const account = newAccount('duplicate');
    await signUpThroughUi(page, account);
    const screen = studentScreen(page);
    await screen.logOut.click();
    await screen.signUpTab.click();
    await screen.signUpName.fill('someone else');
    await screen.signUpEmail.fill(account.email);
    await screen.signUpPassword.fill(account.password);
    await screen.signUpButton.click();
    await expect(
      toasts(page, 'An account with this email already exists. Please log in instead.'),
    ).toBeVisible();
  });

  test("a short password shows the server's message", async ({ page }) => {
    const screen = studentScreen(page);
    await page.goto('/');
    await screen.signUpTab.click();
    await screen.signUpName.fill('short');
    await screen.signUpEmail.fill(newAccount('short').email);
    await screen.signUpPassword.fill('abc');
    await screen.signUpButton.click();
    await expect(toasts(page, 'Password must be at least 8 characters')).toBeVisible();
  });
});

test.describe('error toasts', () => {
  test('stay 5 seconds, then go', async ({ page }) => {
    // Paused, so that only runFor moves the page's time: a busy machine's real seconds between
    // two steps would otherwise count towards the toast's five (seen failing under load).
    await page.clock.install({ time: new Date('2026-01-05T08:00:00Z') });
    await page.goto('/');
    // Paused only once the app has started (the card itself is prerendered, drawn before the
    // app runs): its start runs on timers too.
    const login = studentScreen(page).loginButton;
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    // And once the toast region (a chunk of its own, fetched when the page is idle) is there:
    // fetched after the pause, it mounted after the first runFor below and its toast, on a timer,
    // never came (seen in CI).
    await expect(page.locator('.toaster')).toBeAttached();
    await page.clock.pauseAt(new Date('2026-01-05T09:00:00Z'));
    await login.click();
    const toast = toasts(page, ENTER_ALL);
    // The toaster mounts its toast on a timer of its own: let the first moments pass.
    await page.clock.runFor(100);
    await expect(toast).toBeVisible();
    await page.clock.runFor(4_400);
    await expect(toast).toBeVisible();
    await page.clock.runFor(1_000);
    await expect(toast).toHaveCount(0);
  });

  test('can be closed with their close button', async ({ page }) => {
    await page.goto('/');
    await studentScreen(page).loginButton.click();
    const toast = toasts(page, ENTER_ALL);
    await toast.getByRole('button', { name: 'Close notification' }).click();
    await expect(toast).toHaveCount(0);
  });
});

test.describe('Start Test', () => {
  test('an empty code while signed in does nothing', async ({ page }) => {
    await signUpThroughUi(page, newAccount('emptycode'));
    const screen = studentScreen(page);
    await screen.startTest.click();
    await screen.testCode.fill('    ');
    await screen.startTest.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('status').filter({ hasText: /./ })).toHaveCount(0);
    await expect(screen.testCode).toBeVisible();
  });

  test("an expired token shows 'Please Sign in first' and returns to step 1", async ({ page }) => {
    await signUpThroughUi(page, newAccount('expired'));
    const screen = studentScreen(page);
    await screen.testCode.fill('CS101');
    // Tokens live 12 hours: move the page's clock 13 hours on.
    await page.clock.setFixedTime(Date.now() + 13 * 60 * 60 * 1000);
    await screen.startTest.click();
    await expect(toasts(page, 'Please Sign in first')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(screen.loginTab).toBeVisible();
  });
});
