/**
 * Loads a page cold in Debian's Chromium with Lighthouse's mobile throttling (4x slower CPU,
 * 150 ms round trips, 1.6 Mbit/s) through the DevTools protocol and reads paint and long-task
 * figures from PerformanceObserver: first and largest contentful paint, total blocking time
 * (the part of each long task over 50 ms after the first paint) and the bytes transferred.
 */
import { chromium, type Browser } from '@playwright/test';
import { APP_READY_ATTRIBUTE, PRERENDERED_ATTRIBUTE } from '../src/contract/first-paint.ts';

/**
 * `readyMs`: when the app had hydrated the prerendered screen (its buttons answer clicks from
 * then on), null for a page that is not the app. Printed next to the paints so that a change
 * which paints sooner by making the app start later shows as such.
 */
export type PageFigures = {
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  transferKb: number;
  readyMs: number | null;
};

// The in-page parts are plain JavaScript strings: bench/ is type-checked without the DOM libs.

/** Runs in the page before its own scripts: collects the entries as they come. */
const OBSERVE = `
  const store = { fcp: 0, lcp: 0, longTasks: [], ready: 0 };
  window.__benchVitals = store;
  new MutationObserver(() => {
    if (!store.ready && document.documentElement.hasAttribute('${APP_READY_ATTRIBUTE}'))
      store.ready = performance.now();
  }).observe(document, { attributes: true, subtree: true, childList: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') store.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) store.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      store.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
`;

/** Evaluates in the page to the figures. */
const READ = `(() => {
  const store = window.__benchVitals;
  const tbtMs = store.longTasks
    .filter((task) => task.start >= store.fcp)
    .reduce((total, task) => total + Math.max(0, task.duration - 50), 0);
  const transfer = [...performance.getEntriesByType('resource'), ...performance.getEntriesByType('navigation')]
    .reduce((total, entry) => total + entry.transferSize, 0);
  return {
    fcpMs: store.fcp,
    lcpMs: store.lcp,
    tbtMs,
    transferKb: transfer / 1024,
    readyMs: store.ready || null,
  };
})()`;

export function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
}

/** `blankPath`: a script-less page of the same origin, opened first (see below). */
export async function measurePage(
  browser: Browser,
  url: string,
  blankPath: string,
): Promise<PageFigures> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 412, height: 823 },
  });
  try {
    const page = await context.newPage();
    // Open the origin first: the throttling belongs to the renderer, which a cross-origin
    // navigation would replace.
    await page.goto(new URL(blankPath, url).href);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript({ content: OBSERVE });
    await page.goto(url, { waitUntil: 'load' });
    // Let late paints and tasks land before reading.
    await page.waitForTimeout(1_500);
    // The app's screen: wait until it has hydrated (the baseline has nothing to wait for).
    if ((await page.locator(`html[${PRERENDERED_ATTRIBUTE}]`).count()) > 0)
      await page.locator(`html[${APP_READY_ATTRIBUTE}]`).waitFor({ state: 'attached' });
    return await page.evaluate<PageFigures>(READ);
  } finally {
    await context.close();
  }
}
