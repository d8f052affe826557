import { expect, test } from '@playwright/test';

test("'How It Works' opens the Portal Guide with a playable, captioned video; Escape closes it", async ({
  page,
}) => {
  await page.goto('/');
  const trigger = page.getByRole('button', { name: 'How It Works' });
  await trigger.click();

  const dialog = page.getByRole('dialog', { name: 'Portal Guide' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Portal Guide' })).toBeVisible();

  const video = dialog.locator('video');
  await expect(video).toHaveAttribute('controls', '');
  await expect(video.locator('source')).toHaveAttribute('src', '/guide/portal-guide.webm');
  await expect(video.locator('track[kind="captions"]')).toHaveAttribute(
    'src',
    '/guide/portal-guide.vtt',
  );
  // The browser can decode it: metadata loads and the guide lasts a few seconds per step.
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
    .toBeGreaterThanOrEqual(1);
  const duration = await video.evaluate((element: HTMLVideoElement) => element.duration);
  expect(duration).toBeGreaterThan(5);
  expect(
    await video.evaluate((element: HTMLVideoElement) =>
      element.canPlayType('video/webm; codecs="vp9"'),
    ),
  ).not.toBe('');
  // And it plays.
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
    .toBeGreaterThan(0);
  const captions = await page.request.get('/guide/portal-guide.vtt');
  expect(await captions.text()).toMatch(/^WEBVTT/);

  // Focus stays inside the dialog while tabbing.
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
});

test('the guide closes with its labelled close button', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'How It Works' }).click();
  const dialog = page.getByRole('dialog', { name: 'Portal Guide' });
  await dialog.getByRole('button', { name: 'Close the guide' }).click();
  await expect(dialog).toBeHidden();
});

test('the guide opens from the keyboard', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'How It Works' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Portal Guide' })).toBeVisible();
});
