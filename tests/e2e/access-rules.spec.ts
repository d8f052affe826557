/**
 * Access rules (issue 32 item 4): a teacher sets a sitting password on a challenge from Home's
 * list ("Access rules" dialog); a student who opens the test is asked for it before the problem,
 * is told when it is wrong, and gets in after typing the right one. Screenshots of the dialog and
 * the prompt in light and dark mode go to test-results/ for a look.
 */
import { expect, test, type Page } from '@playwright/test';
import { accessMessages } from '../../src/contract/access-rules.ts';
import { compilerFrame, createChallenge, uniqueCode } from './compiler-support.ts';
import { dashMenu, signInAsAdmin } from './results-support.ts';
import { newAccount, signUpThroughUi, studentScreen, toasts } from './support.ts';

async function screenshotBothModes(page: Page, name: string): Promise<void> {
  for (const mode of ['light', 'dark'] as const) {
    await page.evaluate((m) => document.documentElement.setAttribute('data-theme', m), mode);
    await page.screenshot({ path: test.info().outputPath(`${name}-${mode}.png`) });
  }
}

test('a teacher sets a sitting password; the student is asked for it and gets in', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const code = uniqueCode('ROOM');
  await createChallenge(request, code);

  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await signInAsAdmin(teacher);
  await dashMenu(teacher).getByRole('link', { name: 'Home' }).click();
  await teacher
    .getByRole('button', { name: accessMessages.actionLabel.replace('{name}', code) })
    .click();
  const dialog = teacher.getByRole('dialog', {
    name: accessMessages.title.replace('{name}', code),
  });
  await expect(dialog.getByText(accessMessages.passwordNotSet)).toBeVisible();
  // A range the server refuses is named under its field.
  await dialog.getByLabel(accessMessages.networksLabel).fill('10.0.0.0/33');
  await dialog.getByLabel(accessMessages.passwordChoiceLabel).selectOption('set');
  await dialog.getByLabel(accessMessages.newPasswordLabel).fill('lab-door-7');
  await dialog.getByRole('button', { name: accessMessages.save }).click();
  await expect(
    dialog.getByText(accessMessages.invalidNetwork.replace('{value}', '10.0.0.0/33')),
  ).toBeVisible();
  await screenshotBothModes(teacher, 'access-rules-dialog');
  await dialog.getByLabel(accessMessages.networksLabel).fill('');
  await dialog.getByRole('button', { name: accessMessages.save }).click();
  await expect(toasts(teacher, accessMessages.saved.replace('{name}', code))).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // Read back: set, and never shown.
  await teacher
    .getByRole('button', { name: accessMessages.actionLabel.replace('{name}', code) })
    .click();
  await expect(teacher.getByText(accessMessages.passwordIsSet)).toBeVisible();
  await expect(teacher.getByLabel(accessMessages.newPasswordLabel)).toHaveCount(0);
  await teacherContext.close();

  await signUpThroughUi(page, newAccount('room'));
  const screen = studentScreen(page);
  await screen.testCode.fill(code);
  await screen.startTest.click();
  const prompt = page.getByRole('form', { name: accessMessages.promptTitle });
  // A bound on a loaded machine, not a measure.
  await expect(prompt.getByText(accessMessages.passwordNeeded)).toBeVisible({ timeout: 30_000 });
  await prompt.getByLabel(accessMessages.promptLabel).fill('lab-door-8');
  await prompt.getByRole('button', { name: accessMessages.promptSubmit }).click();
  await expect(prompt.getByText(accessMessages.passwordWrong)).toBeVisible();
  await screenshotBothModes(page, 'sitting-password-prompt');
  await prompt.getByLabel(accessMessages.promptLabel).fill('lab-door-7');
  await prompt.getByRole('button', { name: accessMessages.promptSubmit }).click();
  const frame = compilerFrame(page, code);
  // A bound on a loaded machine, not a measure: the compiler page is a lazy chunk.
  await expect(frame.getByRole('heading', { name: 'Sum of two' })).toBeVisible({ timeout: 30_000 });

  // Remembered: opening the test again asks nothing.
  await page.reload();
  await expect(frame.getByRole('heading', { name: 'Sum of two' })).toBeVisible({ timeout: 30_000 });
  await expect(prompt).toHaveCount(0);
});
