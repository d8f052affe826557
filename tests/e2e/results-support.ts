/**
 * Helpers of the Results and Students browser tests: the administrator's sign-in through the UI,
 * and a student who takes a test through the real API (sign-up, compiler token, open, submit),
 * as the compiler page would, while the teacher watches in the browser.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN } from './admin-credentials.ts';
import { newAccount, type Account } from './support.ts';

export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Admin email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  const signIn = page.getByRole('button', { name: 'Sign in' });
  await signIn.click();
  // CI runs the API tests beside these: a sign-in may then be answered "busy" (503) or outlast the
  // page's wait, and the form comes back. An administrator presses again; so does this, once.
  try {
    await expect(page).toHaveURL(/\/adminDash/, { timeout: 15_000 });
  } catch {
    if (!/\/adminDash/.test(page.url())) await signIn.click();
    await expect(page).toHaveURL(/\/adminDash/, { timeout: 30_000 });
  }
}

export const dashMenu = (page: Page): Locator =>
  page.getByRole('navigation', { name: 'Dashboard menu' });

export async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/admin/login', { data: E2E_ADMIN });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { token: string }).token;
}

export type ApiStudent = Account & { compiler: Record<string, string> };

/** Signs a student up and gets the compiler page's token and application key for a challenge. */
export async function studentForChallenge(
  request: APIRequestContext,
  tag: string,
  challengeId: string,
): Promise<ApiStudent> {
  const account = newAccount(tag);
  const signUp = await request.post('/api/user/loginSignUp', { data: account });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const { token } = (await signUp.json()) as { token: string };
  const compiler = await request.post('/api/user/getToken', {
    data: { email: account.email, name: account.name, challengeId },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(compiler.ok(), await compiler.text()).toBe(true);
  const answer = (await compiler.json()) as { token: string; url?: string };
  const appKey = new URL(answer.url ?? '', 'http://x').searchParams.get('appKey') ?? '';
  return {
    ...account,
    compiler: { authorization: `Bearer ${answer.token}`, 'x-app-key': appKey },
  };
}

/** Opens the challenge as the compiler page does (this starts the attempt). */
export async function openChallenge(
  request: APIRequestContext,
  student: ApiStudent,
  challengeId: string,
): Promise<void> {
  const res = await request.get(`/api/compiler/challenge/${challengeId}`, {
    headers: student.compiler,
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Submits code; the judge works in the background (202) or answers at once (200). */
export async function submitCode(
  request: APIRequestContext,
  student: ApiStudent,
  challengeId: string,
  code: string,
): Promise<void> {
  const res = await request.post('/api/compiler/submit', {
    data: { challengeId, code },
    headers: student.compiler,
  });
  expect([200, 202], await res.text()).toContain(res.status());
}
