/**
 * Helpers of the test-taking browser tests: a challenge made through the admin API, and the
 * compiler page inside the test screen's frame found the way a student finds it.
 */
import { expect, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';
import type { ChallengeInput } from '../../src/contract/challenges.ts';
import { E2E_ADMIN } from './admin-credentials.ts';

let counter = 0;

/** A fresh test code (challenge ids are unique across the run). */
export function uniqueCode(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}`;
}

export async function createChallenge(
  request: APIRequestContext,
  challengeId: string,
  overrides: Partial<ChallengeInput> = {},
  /** Another server than the suite's (the external-provider test runs its own). */
  origin = '',
): Promise<void> {
  const login = await request.post(`${origin}/api/admin/login`, { data: E2E_ADMIN });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const input: ChallengeInput = {
    challengeName: 'Sum of two',
    challengeDesc: 'Read two integers on one line and print their sum.',
    difficultyLev: 'easy',
    score: 100,
    startDate: '2020-01-01',
    endDate: '2099-12-31',
    timeDur: 60,
    challengeId,
    language: 'python',
    tags: 'math',
    starterCode: '# read two numbers, print their sum\n',
    timeLimitMs: 3000,
    memoryLimitMb: 256,
    testCases: [
      { input: '1 2\n', expectedOutput: '3\n', hidden: false, weight: 1 },
      { input: '40 2\n', expectedOutput: '42\n', hidden: true, weight: 3 },
    ],
    ...overrides,
  };
  const res = await request.post(`${origin}/api/admin/addChallenge`, {
    data: input,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

export function compilerFrame(page: Page, challengeId: string): FrameLocator {
  return page.frameLocator(`iframe[title="Coding test ${challengeId}"]`);
}

/** Types into the CodeMirror editor as a student does (the editor is a contenteditable). */
export async function typeCode(page: Page, frame: FrameLocator, code: string): Promise<void> {
  const editor = frame.getByRole('textbox', { name: /Code editor/ });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(code);
}

export async function editorText(frame: FrameLocator): Promise<string> {
  return frame.locator('.cm-content').evaluate((el) => {
    const lines = [...el.querySelectorAll('.cm-line')].map((line) => line.textContent ?? '');
    return lines.join('\n');
  });
}

/**
 * The statement as the server gives it to the compiler page in the frame (with the page's own
 * token and app key): its submissionCount and bestScore tell what the server stored.
 */
export async function statementSeenByFrame(
  page: Page,
  request: APIRequestContext,
  challengeId: string,
): Promise<unknown> {
  const src = await page.locator(`iframe[title="Coding test ${challengeId}"]`).getAttribute('src');
  const url = new URL(src ?? '', 'http://localhost');
  // The token is in the fragment (issue 15 item 4), the application key in the query.
  const fragment = new URLSearchParams(url.hash.slice(1));
  const statement = await request.get(`/api/compiler/challenge/${challengeId}`, {
    headers: {
      authorization: `Bearer ${fragment.get('token') ?? ''}`,
      'x-app-key': url.searchParams.get('appKey') ?? '',
    },
  });
  expect(statement.ok()).toBe(true);
  return statement.json();
}
