/**
 * Updates: a new build (here the served sw.js with different bytes) makes open pages show 'A new
 * version is available'; nothing reloads by itself; Reload lets the new worker take over and
 * reloads that page only, while another open tab keeps its state and keeps the prompt.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { precompressFile } from '../../scripts/precompress-plugin.ts';
import { openControlled, staticDir } from './pwa-support.ts';

const swFile = path.join(staticDir, 'sw.js');

/** Marks the page's JavaScript realm: the mark disappears when the page reloads. */
function mark(page: Page): Promise<void> {
  return page.evaluate(() => {
    document.documentElement.dataset.e2eMark = 'before-update';
  });
}

function isMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.dataset.e2eMark === 'before-update');
}

function checkForUpdate(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });
}

test('a new build shows the update prompt; Reload activates the new worker', async ({
  page,
  context,
}) => {
  const original = fs.readFileSync(swFile);
  try {
    await openControlled(page);
    const other = await context.newPage();
    await other.goto('/forgot-password');
    await other.getByRole('textbox', { name: 'Email' }).fill('typed-before@e2e.test');
    await mark(page);
    await mark(other);
    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toHaveCount(0);

    // "Deploy" build B: the same worker with other bytes (and, as a build writes them, its
    // compressed copies, which the server sends in its place).
    fs.writeFileSync(
      swFile,
      Buffer.concat([original, Buffer.from(`\n// build B ${Date.now()}\n`)]),
    );
    await precompressFile(swFile);
    await checkForUpdate(page);

    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText('A new version is available');
    await expect(other.getByTestId('update-prompt')).toBeVisible();
    const reload = prompt.getByRole('button', { name: 'Reload' });
    await expect(reload).toBeVisible();
    // It waits for the user: no reload, the new worker still waiting.
    await page.waitForTimeout(1_500);
    expect(await isMarked(page)).toBe(true);
    expect(
      await page.evaluate(
        async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null,
      ),
    ).toBe(true);

    await reload.click();
    await expect.poll(() => isMarked(page).catch(() => true)).toBe(false);
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        waiting: registration?.waiting ?? null,
        controlled: navigator.serviceWorker.controller !== null,
      };
    });
    expect(after).toEqual({ waiting: null, controlled: true });

    // The other tab was not reloaded: its typing is still there, and it still offers Reload.
    expect(await isMarked(other)).toBe(true);
    await expect(other.getByRole('textbox', { name: 'Email' })).toHaveValue(
      'typed-before@e2e.test',
    );
    await expect(other.getByTestId('update-prompt')).toBeVisible();
  } finally {
    fs.writeFileSync(swFile, original);
    await precompressFile(swFile);
  }
});
