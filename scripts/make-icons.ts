/**
 * Generates the web manifest's PNG icons from public/favicon.svg with Debian's Chromium:
 * `npx tsx scripts/make-icons.ts`. The PNGs are committed; run this again after changing the SVG.
 * The maskable icon puts the glyph inside the central safe zone (a circle of 80 % of the width)
 * on a full-bleed background, so any mask shape the platform applies keeps it whole.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const publicDir = path.resolve(import.meta.dirname, '../public');
const svg = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const svgUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
/** The favicon's own background colour, used as the maskable icon's full-bleed background. */
const BRAND = '#1f4fd1';

type Icon = { file: string; size: number; maskable: boolean };
const icons: Icon[] = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

function iconHtml({ size, maskable }: Icon): string {
  // The glyph fills 70 % of a maskable icon: inside the 80 % safe circle with room to spare.
  const glyph = maskable ? Math.round(size * 0.7) : size;
  const background = maskable ? BRAND : 'transparent';
  return `<!doctype html><html><body style="margin:0;background:transparent">
    <div id="icon" style="width:${size}px;height:${size}px;display:grid;place-items:center;background:${background}">
      <img src="${svgUrl}" width="${glyph}" height="${glyph}" alt="">
    </div></body></html>`;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(iconHtml(icon));
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    await page
      .locator('#icon')
      .screenshot({ path: path.join(publicDir, icon.file), omitBackground: true });
    console.log(`public/${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
