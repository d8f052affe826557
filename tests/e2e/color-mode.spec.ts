import { expect, test, type Page } from '@playwright/test';

const html = (page: Page) => page.locator('html');

test.describe('on a first visit the colour mode follows the system', () => {
  test.use({ colorScheme: 'dark' });
  test('dark system, dark portal', async ({ page }) => {
    await page.goto('/');
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
    // Still following the system: a change of the system preference is applied live.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
  });
});

test.describe('light system', () => {
  test.use({ colorScheme: 'light' });

  test('light system, light portal', async ({ page }) => {
    await page.goto('/');
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
  });

  test('the toggle switches the mode, and the choice survives a reload and wins over the system', async ({
    page,
  }) => {
    await page.goto('/');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const lightBackground = await background();

    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await expect.poll(background).not.toBe(lightBackground);

    await page.reload();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();

    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');

    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await page.reload();
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
  });
});
