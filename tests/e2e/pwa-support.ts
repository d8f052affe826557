/** Helpers of the PWA tests: waiting for the service worker to control the page, the build folder. */
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/** The build the test server serves (playwright.config.ts passes E2E_STATIC_DIR as STATIC_DIR). */
export const staticDir = path.resolve(process.env.E2E_STATIC_DIR ?? 'dist');

function isControlled(page: Page): Promise<boolean> {
  return page.evaluate(() => navigator.serviceWorker.controller !== null);
}

/**
 * Opens `url` and waits until the service worker is active (the shell is precached) and controls
 * the page. Returns how many reloads that took: the worker claims the page on its first install,
 * so the answer should be 0; the tests allow at most one.
 */
export async function openControlled(page: Page, url = '/'): Promise<number> {
  await page.goto(url);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  let reloads = 0;
  try {
    await expect.poll(() => isControlled(page), { timeout: 3_000 }).toBe(true);
  } catch {
    reloads = 1;
    await page.reload();
    await expect.poll(() => isControlled(page)).toBe(true);
  }
  return reloads;
}
