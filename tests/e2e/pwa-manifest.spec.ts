/** The web manifest: served with its type, the fields install needs, icons that match their sizes,
 * and Chromium's own installability check (DevTools protocol) finding nothing missing. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { openControlled } from './pwa-support.ts';

type ManifestIcon = { src: string; sizes: string; type: string; purpose?: string };
type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
};

test('the manifest is linked, served as application/manifest+json and complete', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as Manifest;
  expect(manifest).toMatchObject({
    name: 'Campus Coding Assessment Portal',
    start_url: '/',
    display: 'standalone',
  });
  expect(manifest.short_name.length).toBeGreaterThan(0);
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);

  const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const real = await page.evaluate(async (src) => {
      const response = await fetch(src);
      const bitmap = await createImageBitmap(await response.blob());
      return {
        type: response.headers.get('content-type'),
        size: `${bitmap.width}x${bitmap.height}`,
      };
    }, icon.src);
    expect(real, icon.src).toEqual({ type: icon.type, size: icon.sizes });
  }
});

test('Chromium reports the app installable', async ({ baseURL }, testInfo) => {
  // Chromium never offers install in an incognito profile, which is what Playwright's contexts
  // are: this test runs in a persistent profile of its own.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pwa-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await openControlled(page);
    const cdp = await context.newCDPSession(page);
    // The manifest and its icons are fetched in the background: ask until the answer settles.
    await expect
      .poll(
        async () => {
          const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
          return installabilityErrors.map((error) => error.errorId);
        },
        { timeout: 10_000 },
      )
      .toEqual([]);
    const { url, errors } = await cdp.send('Page.getAppManifest');
    expect(url).toMatch(/\/manifest\.webmanifest$/);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
