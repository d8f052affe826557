import { expect, test } from '@playwright/test';
import { newAccount, signUpThroughUi, studentScreen } from './support.ts';

test('a deep link to /challenges/CODE opens the test screen for a signed-in student', async ({
  page,
}) => {
  const account = newAccount('deeplink');
  await signUpThroughUi(page, account);
  await page.goto('/challenges/ALGO-7');
  await expect(page.getByTestId('challenge-id')).toHaveText('ALGO-7');
  await expect(page.getByRole('banner')).toContainText(account.name);
  await expect(page.getByRole('banner')).toContainText(account.email);
  await expect(studentScreen(page).logOut).toBeVisible();
  // No challenge has this code: the server says so instead of an empty frame.
  await expect(page.getByRole('alert')).toContainText('No challenge has this test code');
});

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 400, height: 800 } });

  test("the test screen shows only 'This page will not open in mobile screen'", async ({
    page,
  }) => {
    await signUpThroughUi(page, newAccount('mobile'));
    const screen = studentScreen(page);
    await screen.testCode.fill('CS101');
    await screen.startTest.click();
    await expect(page).toHaveURL(/\/challenges\/CS101$/);
    await expect(page.getByText('This page will not open in mobile screen')).toBeVisible();
    await expect(page.getByTestId('challenge-id')).toHaveCount(0);
    await expect(page.getByRole('banner')).toHaveCount(0);

    // Wider than the 450 px cutoff, the test screen appears.
    await page.setViewportSize({ width: 800, height: 800 });
    await expect(page.getByTestId('challenge-id')).toHaveText('CS101');
  });
});
