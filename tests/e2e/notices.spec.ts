/**
 * Announcements and clarifications (issue 32 item 5): the teacher posts an announcement from a
 * challenge's Notices page and it appears on two students' pages without a reload; in an exam, a
 * student asks a question from the exam screen, the teacher answers it to everyone, and the other
 * student reads the question and the answer, without the asker's name.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { noticeMessages } from '../../src/contract/notices.ts';
import { compilerFrame, createChallenge, uniqueCode } from './compiler-support.ts';
import { examRow, problemEntry, publishedExam } from './exams-support.ts';
import { dashMenu, signInAsAdmin } from './results-support.ts';
import { newAccount, signUpThroughUi, studentScreen } from './support.ts';

/** A student in a browser of their own, on the test or exam screen of `code`. */
async function studentOn(browser: Browser, tag: string, code: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = newAccount(tag);
  await signUpThroughUi(page, account);
  const screen = studentScreen(page);
  await screen.testCode.fill(code);
  await screen.startTest.click();
  return { context, page, account };
}

/** Marks the document, so a reload (which would drop the mark) fails the test. */
async function markNoReload(page: Page, urlPart: string) {
  const frame = page.frames().find((f) => f.url().includes(urlPart)) ?? page.mainFrame();
  await frame.evaluate(() => (document.body.dataset.live = 'yes'));
  return () => frame.evaluate(() => document.body.dataset.live);
}

test('an announcement appears on two students’ pages without a reload', async ({
  browser,
  request,
}) => {
  test.slow();
  const code = uniqueCode('NOTE');
  await createChallenge(request, code);
  const students = [
    await studentOn(browser, 'note-a', code),
    await studentOn(browser, 'note-b', code),
  ];
  const marks = [];
  for (const { page } of students) {
    const frame = compilerFrame(page, code);
    // A bound on a loaded machine, not a measure: the compiler page is a lazy chunk.
    await expect(frame.getByTestId('notices-toggle')).toBeVisible({ timeout: 30_000 });
    await expect(frame.getByTestId('notices-badge')).toHaveCount(0);
    marks.push(await markNoReload(page, `/compiler/${code}`));
  }

  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await signInAsAdmin(teacher);
  await dashMenu(teacher).getByRole('link', { name: 'Home' }).click();
  await teacher
    .getByRole('link', { name: noticeMessages.noticesLinkLabel.replace('{name}', code) })
    .click();
  await teacher.getByLabel(noticeMessages.staffAnnounceBody).fill('Use **64-bit** integers.');
  await teacher.getByRole('button', { name: noticeMessages.staffAnnounceSend }).click();
  await expect(teacher.getByTestId('staff-announcement')).toContainText('64-bit');

  for (const [i, { page }] of students.entries()) {
    const frame = compilerFrame(page, code);
    // A bound for the long poll's wake-up on a shared machine, not a measure of its speed.
    await expect(frame.getByTestId('notices-badge')).toHaveText(
      noticeMessages.newCount.replace('{count}', '1'),
      { timeout: 30_000 },
    );
    await expect(frame.getByTestId('notices-arrival')).toHaveText(noticeMessages.newAnnouncement);
    await frame.getByTestId('notices-toggle').click();
    await expect(frame.getByTestId('notice')).toHaveCount(1);
    await expect(frame.getByTestId('notice').locator('strong')).toHaveText('64-bit');
    // Seen once opened.
    await expect(frame.getByTestId('notices-badge')).toHaveCount(0);
    expect(await marks[i]?.()).toBe('yes');
  }

  await teacherContext.close();
  for (const { context } of students) await context.close();
});

test('a question asked on the exam screen and answered to everyone reaches the other student', async ({
  browser,
  request,
}) => {
  test.slow();
  const problem = uniqueCode('NOTEX');
  await createChallenge(request, problem, { challengeName: 'Notice problem' });
  const code = uniqueCode('NOTEEXAM').toUpperCase();
  await publishedExam(request, code, 'Notice exam', [problem]);

  const asker = await studentOn(browser, 'note-ask', code);
  const other = await studentOn(browser, 'note-other', code);
  for (const { page } of [asker, other]) {
    await expect(page.getByRole('heading', { name: 'Notice exam' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(problemEntry(page, 'Notice problem')).toBeVisible();
  }
  const otherMark = await markNoReload(other.page, `/exams/`);

  // The asker asks about the problem from the exam screen's panel.
  await asker.page.getByTestId('notices-toggle').click();
  await asker.page.getByLabel(noticeMessages.askProblem).selectOption({ label: 'Notice problem' });
  await asker.page.getByLabel(noticeMessages.askBody).fill('Can the two numbers be negative?');
  await asker.page.getByRole('button', { name: noticeMessages.askSend }).click();
  await expect(asker.page.getByTestId('notice')).toContainText('Can the two numbers be negative?');
  await expect(asker.page.getByTestId('notice')).toContainText(noticeMessages.waitingForAnswer);

  // The teacher answers it to everyone from the exam's Notices page.
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await signInAsAdmin(teacher);
  await dashMenu(teacher).getByRole('link', { name: 'Exams' }).click();
  await examRow(teacher, code).getByRole('link', { name: noticeMessages.noticesLink }).click();
  await expect(teacher.getByTestId('unanswered-count')).toHaveText(
    noticeMessages.staffUnanswered.replace('{count}', '1'),
  );
  const question = teacher.getByTestId('staff-question');
  await expect(question).toContainText(asker.account.email);
  await question.getByLabel(noticeMessages.staffAnswerBody).fill('Yes, they can.');
  await question.getByRole('button', { name: noticeMessages.staffAnswerAll }).click();
  await expect(teacher.getByTestId('unanswered-count')).toHaveText(
    noticeMessages.staffUnanswered.replace('{count}', '0'),
  );

  // The other student sees the question and the answer, without the asker.
  const page = other.page;
  // A bound for the long poll's wake-up on a shared machine, not a measure of its speed.
  await expect(page.getByTestId('notices-arrival')).toHaveText(noticeMessages.newAnswer, {
    timeout: 30_000,
  });
  await page.getByTestId('notices-toggle').click();
  const seen = page.getByTestId('notice');
  await expect(seen).toHaveCount(1);
  await expect(seen).toContainText('Can the two numbers be negative?');
  await expect(seen).toContainText('Yes, they can.');
  await expect(seen).toContainText(noticeMessages.answerToAll);
  await expect(seen).not.toContainText(asker.account.email);
  await expect(seen).not.toContainText(asker.account.name);
  expect(await otherMark()).toBe('yes');
  // The asker reads the answer too.
  await expect(asker.page.getByTestId('notice')).toContainText('Yes, they can.', {
    timeout: 30_000,
  });

  await teacherContext.close();
  for (const { context } of [asker, other]) await context.close();
});
