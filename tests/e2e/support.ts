/**
 * Helpers shared by the browser tests: unique accounts, the student screen's parts found the way
 * a student (or a screen reader) finds them, and a sign-up through the real UI.
 */
import { expect, type Locator, type Page } from '@playwright/test';

let counter = 0;

/** A fresh address for every call, so tests never share an account. */
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}.${Date.now()}.${counter}@e2e.test`;
}

export const PASSWORD = 'Correct-Horse-42';

export type Account = { name: string; email: string; password: string };

export function newAccount(tag: string): Account {
  return { name: `student ${tag}`, email: uniqueEmail(tag), password: PASSWORD };
}

export function studentScreen(page: Page) {
  const loginPanel = page.getByRole('tabpanel', { name: 'Login' });
  const signUpPanel = page.getByRole('tabpanel', { name: 'Sign Up' });
  return {
    loginTab: page.getByRole('tab', { name: 'Login' }),
    signUpTab: page.getByRole('tab', { name: 'Sign Up' }),
    loginPanel,
    signUpPanel,
    loginEmail: loginPanel.getByLabel('Email'),
    loginPassword: loginPanel.getByLabel('Password'),
    loginButton: loginPanel.getByRole('button', { name: 'Login' }),
    signUpName: signUpPanel.getByLabel('Name'),
    signUpEmail: signUpPanel.getByLabel('Email'),
    signUpPassword: signUpPanel.getByLabel('Password'),
    signUpButton: signUpPanel.getByRole('button', { name: 'Sign Up' }),
    testCode: page.getByRole('textbox', { name: 'Test code', exact: true }),
    startTest: page.getByRole('button', { name: 'Start Test' }),
    logOut: page.getByRole('button', { name: 'Log Out' }),
    currentStep: page.locator('[aria-current="step"]'),
    heading: page.getByRole('heading', { level: 1 }),
  };
}

/** Every toast on screen with this text (Ark UI toasts are role=status). */
export function toasts(page: Page, text: string): Locator {
  return page.getByRole('status').filter({ hasText: text });
}

export async function expectStepOne(page: Page): Promise<void> {
  const screen = studentScreen(page);
  await expect(screen.currentStep).toContainText('Login');
  await expect(screen.loginTab).toBeVisible();
  await expect(screen.testCode).toHaveCount(0);
}

export async function expectStepTwo(page: Page): Promise<void> {
  const screen = studentScreen(page);
  await expect(screen.currentStep).toContainText('Enter test code');
  await expect(screen.testCode).toBeVisible();
  await expect(screen.startTest).toBeVisible();
  await expect(screen.loginTab).toHaveCount(0);
}

/** Signs up through the Sign Up tab of `/` and waits for step 2. */
export async function signUpThroughUi(page: Page, account: Account, origin = ''): Promise<void> {
  const screen = studentScreen(page);
  await page.goto(`${origin}/`);
  await screen.signUpTab.click();
  await screen.signUpName.fill(account.name);
  await screen.signUpEmail.fill(account.email);
  await screen.signUpPassword.fill(account.password);
  await screen.signUpButton.click();
  await expectStepTwo(page);
}

export const SESSION_KEY = 'portal.session';

/** The three stored copies of the session: sessionStorage, localStorage and IndexedDB. */
export async function storedSessions(
  page: Page,
): Promise<{ session: string | null; local: string | null; idb: unknown }> {
  return page.evaluate(async (key) => {
    // idb-keyval's default database and store.
    const idb = await new Promise<unknown>((resolve, reject) => {
      const open = indexedDB.open('keyval-store');
      open.onupgradeneeded = () => open.result.createObjectStore('keyval');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const request = open.result.transaction('keyval').objectStore('keyval').get(key);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      };
    });
    return { session: sessionStorage.getItem(key), local: localStorage.getItem(key), idb };
  }, SESSION_KEY);
}
