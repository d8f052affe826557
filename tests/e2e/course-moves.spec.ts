/**
 * "Move to course…" (issue 33): the owner moves a challenge from Home's list and an exam (its
 * problem with it) from the Exams list into a new course through the small dialog; the lists
 * then say where each is. Screenshots of the dialog in light and dark mode go to test-results/.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  challengeCoursePath,
  courseMoveMessages as text,
} from '../../src/contract/course-moves.ts';
import { createChallenge, uniqueCode } from './compiler-support.ts';
import { publishedExam } from './exams-support.ts';
import { adminToken, dashMenu, signInAsAdmin } from './results-support.ts';
import { toasts } from './support.ts';

async function screenshotBothModes(page: Page, name: string): Promise<void> {
  for (const mode of ['light', 'dark'] as const) {
    await page.evaluate((m) => document.documentElement.setAttribute('data-theme', m), mode);
    await page.screenshot({ path: test.info().outputPath(`${name}-${mode}.png`) });
  }
}

test('the owner moves a challenge and an exam, with its problem, to a new course', async ({
  page,
  request,
}) => {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const code = uniqueCode('MOVE').toUpperCase().slice(0, 32);
  const made = await request.post('/api/admin/courses', {
    headers,
    data: { code, title: 'Moved here', term: '' },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const { course } = (await made.json()) as { course: { id: string } };
  const alone = uniqueCode('MV');
  const problem = uniqueCode('MVP');
  const exam = uniqueCode('MVX');
  await createChallenge(request, alone);
  await createChallenge(request, problem);
  await publishedExam(request, exam, 'Moving exam', [problem]);

  await signInAsAdmin(page);
  await dashMenu(page).getByRole('link', { name: 'Home' }).click();
  await page.getByRole('button', { name: text.actionLabel.replace('{name}', alone) }).click();
  const dialog = page.getByRole('dialog', { name: text.title.replace('{name}', alone) });
  await expect(dialog.getByText('Now in DEFAULT')).toBeVisible();
  await dialog.getByLabel(text.courseLabel).selectOption({ label: `${code} — Moved here` });
  await screenshotBothModes(page, 'move-to-course-dialog');
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  await dialog.getByRole('button', { name: text.move }).click();
  await expect(toasts(page, `${alone} moved to ${code}.`)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await dashMenu(page).getByRole('link', { name: 'Exams' }).click();
  await page.getByRole('button', { name: text.actionLabel.replace('{name}', exam) }).click();
  const examDialog = page.getByRole('dialog', { name: text.title.replace('{name}', exam) });
  await expect(examDialog.getByText(text.examIntro)).toBeVisible();
  await examDialog.getByLabel(text.courseLabel).selectOption({ label: `${code} — Moved here` });
  await examDialog.getByRole('button', { name: text.move }).click();
  await expect(
    toasts(page, `${exam} moved to ${code}, with its problems: ${problem}.`),
  ).toBeVisible();

  // Where they are now: moving again into the same course says so.
  const again = await request.put(challengeCoursePath(problem), {
    headers,
    data: { courseId: course.id },
  });
  expect(await again.json()).toMatchObject({ message: `${problem} is already in ${code}.` });
});
