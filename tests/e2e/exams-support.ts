/**
 * Helpers of the exam browser tests (issue 31): an exam made through the teacher's form, and the
 * student's exam screen found the way a student finds it (problems by their name in the list,
 * each problem's compiler page in its own frame).
 */
import {
  expect,
  type APIRequestContext,
  type FrameLocator,
  type Locator,
  type Page,
} from '@playwright/test';
import { examLifecyclePath, examsPath } from '../../src/contract/exams.ts';
import { adminToken, dashMenu } from './results-support.ts';

/** yyyy-mm-dd, `days` from today on the UTC calendar (the e2e server's TZ). */
export function utcDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export type ExamDraft = {
  code: string;
  title: string;
  instructions: string;
  durationMinutes: number;
  /** Each problem's points and challenges (several: a pool). */
  slots: { points: number; challengeIds: string[] }[];
};

/** Fills and sends the New exam form of a signed-in administrator, then waits for the list. */
export async function createExamThroughUi(page: Page, exam: ExamDraft): Promise<void> {
  await dashMenu(page).getByRole('link', { name: 'Exams' }).click();
  await page.getByRole('link', { name: 'New exam' }).click();
  const form = page.getByRole('form', { name: 'New exam' });
  await form.getByLabel('Test code (what students type)').fill(exam.code);
  await form.getByLabel('Title').fill(exam.title);
  await form.getByLabel('Instructions (Markdown)').fill(exam.instructions);
  // Open since yesterday, until tomorrow's end.
  await form.getByLabel('Start date').fill(utcDate(-1));
  await form.getByLabel('Start time').fill('00:00');
  await form.getByLabel('End date').fill(utcDate(1));
  await form.getByLabel('End time (the exam closes at the end of this minute)').fill('23:59');
  await form.getByLabel('Duration per student (minutes)').fill(String(exam.durationMinutes));
  for (const [index, slot] of exam.slots.entries()) {
    const n = index + 1;
    if (index > 0) await form.getByRole('button', { name: 'Add a problem' }).click();
    await form.getByLabel(`Points, Problem ${n}`).fill(String(slot.points));
    for (const id of slot.challengeIds) {
      // Typed in lower case: the picker matches without regard to case.
      await form.getByLabel(`Find a challenge for problem ${n}`).fill(id.toLowerCase());
      await form.getByRole('button', { name: `Add ${id} to problem ${n}` }).click();
    }
    await expect(slotItem(page, n).getByTestId('slot-note')).toHaveText(
      slot.challengeIds.length > 1
        ? `A pool of ${slot.challengeIds.length}: each student gets one of them.`
        : 'Every student gets this challenge.',
    );
  }
  await form.getByRole('button', { name: 'Create exam' }).click();
  await expect(page.getByRole('heading', { name: 'Exams', level: 2 })).toBeVisible();
  await expect(examRow(page, exam.code)).toContainText(exam.title);
}

export function slotItem(page: Page, n: number): Locator {
  return page.getByRole('listitem', { name: `Problem ${n}`, exact: true });
}

export function examRow(page: Page, code: string): Locator {
  return page.locator(`[data-testid="exam-row"][data-exam="${code}"]`);
}

/** The student's list entry of a problem, found by the challenge's name. */
export function problemEntry(page: Page, name: string): Locator {
  return page.getByTestId('exam-problem').filter({ hasText: name });
}

/** A problem's compiler page, in the frame the exam screen made for it. */
export function problemFrame(page: Page, n: number, name: string): FrameLocator {
  return page.frameLocator(`iframe[title="Problem ${n}: ${name}"]`);
}

/** The code as a student would type it: in mixed case, with spaces around it. */
export function typedAsStudent(code: string): string {
  const mixed = [...code].map((c, i) => (i % 2 === 0 ? c.toLowerCase() : c.toUpperCase())).join('');
  return `  ${mixed} `;
}

/**
 * A published exam made through the staff API, open all day every day for 60 minutes: one
 * 10-point problem per challenge, in order.
 */
export async function publishedExam(
  request: APIRequestContext,
  code: string,
  title: string,
  challengeIds: readonly string[],
): Promise<void> {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const exam = {
    examCode: code,
    title,
    instructions: '',
    startDate: '2020-01-01',
    startTime: '00:00',
    endDate: '2099-12-31',
    endTime: '23:59',
    durationMinutes: 60,
    scoring: 'best',
    slots: challengeIds.map((id) => ({ points: 10, challengeIds: [id] })),
  };
  expect((await request.post(examsPath, { data: exam, headers })).ok()).toBe(true);
  const publish = { data: { action: 'publish' }, headers };
  expect((await request.post(examLifecyclePath(code), publish)).ok()).toBe(true);
}
