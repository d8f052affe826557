/**
 * The live proctor view (issue 32 item 6): the teacher opens it from Home's list and finds a
 * student by email; the row goes from "Not started" to "Working" when the student opens the test,
 * and its submission count grows when they submit, without a reload of the teacher's page. A
 * lecture hall of 500 students renders only the rows in view, and the table says how many it has.
 * The view is looked at in light and dark mode (screenshots in the tests' output folders). A
 * proctor gives a working student 10 extra minutes from their row, and the student's countdown
 * grows on the page they have open.
 */
import { expect, test } from '@playwright/test';
import {
  PROCTOR_STATES,
  proctorChallengePath,
  proctorMessages,
  type ProctorStudent,
  type ProctorView,
} from '../../src/contract/proctor.ts';
import { accommodationMessages } from '../../src/contract/accommodations.ts';
import { compilerFrame, createChallenge, uniqueCode } from './compiler-support.ts';
import { examRow, problemEntry, problemFrame, publishedExam } from './exams-support.ts';
import { dashMenu, signInAsAdmin } from './results-support.ts';
import { newAccount, signUpThroughUi, studentScreen } from './support.ts';

test('the proctor view follows a student from not started to working to submitting, live', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const code = uniqueCode('PROCTOR');
  await createChallenge(page.request, code);
  const account = newAccount('proctor');
  await signUpThroughUi(page, account);

  // The teacher, in a browser of their own, opens the proctor view from Home's list.
  const teacherContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const teacher = await teacherContext.newPage();
  await signInAsAdmin(teacher);
  await dashMenu(teacher).getByRole('link', { name: 'Home' }).click();
  await teacher
    .getByRole('link', { name: proctorMessages.challengeLinkLabel.replace('{challengeId}', code) })
    .click();
  await expect(teacher.getByRole('heading', { name: /Proctor Sum of two/ })).toBeVisible();
  await teacher.getByLabel(proctorMessages.search).fill(account.email);
  const row = teacher.getByTestId('proctor-row').filter({ hasText: account.email });
  await expect(row.getByTestId('proctor-state')).toHaveText(proctorMessages.stateNotStarted);
  await expect(teacher.getByTestId('proctor-summary')).toContainText('not started');
  // Nothing reloads from here on: a mark on the document would go with a reload.
  await teacher.evaluate(() => (document.body.dataset.live = 'yes'));

  // The student opens the test: their page holds its timer poll, which is their presence.
  const screen = studentScreen(page);
  await screen.testCode.fill(code);
  await screen.startTest.click();
  const frame = compilerFrame(page, code);
  // A bound on a loaded machine, not a measure: the compiler page is a lazy chunk.
  await expect(frame.getByRole('heading', { name: 'Sum of two' })).toBeVisible({ timeout: 30_000 });
  // Bounds, not measures: the page's arrival wakes the view's poll.
  await expect(row.getByTestId('proctor-state')).toHaveText(proctorMessages.stateWorking, {
    timeout: 30_000,
  });
  await expect(row.getByTestId('proctor-problem')).toHaveText('Sum of two');
  await expect(row.getByTestId('proctor-time-left')).toHaveText(/^(60:00|59:\d\d)$/);
  await expect(row.getByTestId('proctor-submissions')).toHaveText('0');

  await frame.getByRole('button', { name: 'Submit' }).click();
  await expect(row.getByTestId('proctor-submissions')).toHaveText('1', { timeout: 30_000 });
  await expect(teacher.locator('body[data-live="yes"]')).toHaveCount(1);

  // Sorting and the state filter, by keyboard-reachable controls.
  await teacher.getByLabel(proctorMessages.filterState).selectOption('working');
  await expect(row).toHaveCount(1);
  await teacher.getByLabel(proctorMessages.filterState).selectOption('not-started');
  await expect(row).toHaveCount(0);
  await teacher.getByLabel(proctorMessages.filterState).selectOption('all');
  await teacher.getByLabel(proctorMessages.search).fill('');
  await teacher.getByRole('button', { name: proctorMessages.colSubmissions }).click();
  await expect(
    teacher.getByRole('columnheader', { name: proctorMessages.colSubmissions }),
  ).toHaveAttribute('aria-sort', 'descending');
  const table = teacher.getByTestId('proctor-table');
  await expect(table).toHaveAttribute('aria-rowcount', /^\d+$/);

  await teacher.screenshot({ path: testInfo.outputPath('proctor-light.png'), fullPage: true });
  await teacher.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(teacher.locator('html')).toHaveAttribute('data-theme', 'dark');
  await teacher.screenshot({ path: testInfo.outputPath('proctor-dark.png'), fullPage: true });
  await teacherContext.close();
});

test('an exam’s proctor view shows the problem a student selects on the exam screen', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const first = uniqueCode('PROCA');
  const second = uniqueCode('PROCB');
  await createChallenge(request, first, { challengeName: 'Proctored first' });
  await createChallenge(request, second, { challengeName: 'Proctored second' });
  const code = uniqueCode('PROCEXAM').toUpperCase();
  await publishedExam(request, code, 'Proctored exam', [first, second]);

  const account = newAccount('proctorexam');
  await signUpThroughUi(page, account);
  const screen = studentScreen(page);
  await screen.testCode.fill(code);
  await screen.startTest.click();
  await expect(page.getByRole('heading', { name: 'Proctored exam' })).toBeVisible({
    timeout: 30_000,
  });

  // The teacher opens the exam's proctor view from the Exams list.
  const teacherContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const teacher = await teacherContext.newPage();
  await signInAsAdmin(teacher);
  await dashMenu(teacher).getByRole('link', { name: 'Exams' }).click();
  await examRow(teacher, code)
    .getByRole('link', { name: proctorMessages.examLinkLabel.replace('{code}', code) })
    .click();
  await teacher.getByLabel(proctorMessages.search).fill(account.email);
  const row = teacher.getByTestId('proctor-row').filter({ hasText: account.email });
  await expect(row.getByTestId('proctor-state')).toHaveText(proctorMessages.stateWorking);

  // Bounds, not measures: the change of problem wakes the view's poll.
  await problemEntry(page, 'Proctored second').getByRole('button').click();
  await expect(
    problemFrame(page, 2, 'Proctored second').getByRole('heading', { name: 'Proctored second' }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(row.getByTestId('proctor-problem')).toHaveText('Problem 2: Proctored second', {
    timeout: 30_000,
  });
  await problemEntry(page, 'Proctored first').getByRole('button').click();
  await expect(row.getByTestId('proctor-problem')).toHaveText('Problem 1: Proctored first', {
    timeout: 30_000,
  });
  await teacherContext.close();
});

/** A view of `count` students in every state, as the server would answer it. */
function hall(count: number, code: string): ProctorView {
  const now = Date.now();
  const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000).toISOString();
  const students: ProctorStudent[] = Array.from({ length: count }, (_, i) => {
    const state = PROCTOR_STATES[i % PROCTOR_STATES.length] ?? 'working';
    const started = state !== 'not-started';
    return {
      userId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      name: `Student ${String(i + 1).padStart(3, '0')}`,
      email: `student${i + 1}@college.test`,
      state,
      attemptNumber: started ? 1 : null,
      startedAt: started ? at(1200) : null,
      deadline: started ? (state === 'finished' ? at(60) : at(-2400 + i)) : null,
      finishedAt: null,
      lastSeenAt: started ? at(state === 'offline' ? 300 : 5) : null,
      lastActivityAt: started ? at(state === 'offline' ? 300 : 5) : null,
      currentProblem: started
        ? {
            challengeId: code,
            title: i % 3 === 0 ? 'A rather long problem title' : 'Sum of two',
            ordinal: null,
          }
        : null,
      submissions: started ? i % 7 : 0,
      signals: started
        ? {
            tabChanges: i % 5,
            awayMs: (i % 5) * 12_500,
            pastes: i % 3,
            blockedPastes: i % 2,
            reloads: 0,
          }
        : null,
    };
  });
  const counts = { notStarted: 0, working: 0, offline: 0, finished: 0 };
  for (const s of students) counts[s.state === 'not-started' ? 'notStarted' : s.state] += 1;
  return {
    generatedAt: new Date(now).toISOString(),
    version: 'hall',
    sitting: {
      kind: 'challenge',
      code,
      title: 'Sum of two',
      lifecycle: 'published',
      stoppedAt: null,
    },
    students,
    counts,
    unansweredQuestions: null,
  };
}

// The service worker would pass the page's calls on itself, past page.route's reach.
test.describe('a lecture hall', () => {
  test.use({ serviceWorkers: 'block' });
  test('500 students: only the rows in view are in the page, and the table counts them all', async ({
    page,
  }, testInfo) => {
    const code = uniqueCode('HALL');
    await createChallenge(page.request, code);
    const view = hall(500, code);
    // The server's answer, held as a long poll would be: the page renders what it is given.
    await page.route(`**${proctorChallengePath(code)}*`, (route) => route.fulfill({ json: view }));
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsAdmin(page);
    await page.goto(`/adminDash?view=proctor&challengeId=${code}`);
    const table = page.getByTestId('proctor-table');
    await expect(table).toHaveAttribute('aria-rowcount', '501');
    await expect(page.getByTestId('proctor-summary')).toHaveText(
      '500 in the roster: 125 not started, 125 working, 125 offline, 125 finished',
    );
    const rows = page.getByTestId('proctor-row');
    await expect(rows.first()).toHaveAttribute('aria-rowindex', '2');
    expect(await rows.count()).toBeLessThan(60);

    // The scroll box is a focus stop: End scrolls it to the last student.
    const scroll = page.getByTestId('proctor-scroll');
    await scroll.focus();
    await page.keyboard.press('End');
    await expect(rows.last()).toHaveAttribute('aria-rowindex', '501');
    await expect(rows.last()).toContainText('Student 500');
    expect(await rows.count()).toBeLessThan(60);
    await page.keyboard.press('Home');
    await expect(rows.first()).toContainText('Student 001');

    // Offline rows say since when.
    await page.getByLabel(proctorMessages.filterState).selectOption('offline');
    await expect(table).toHaveAttribute('aria-rowcount', '126');
    await expect(rows.first().getByTestId('proctor-offline-since')).toContainText('since');

    await page.getByLabel(proctorMessages.filterState).selectOption('all');
    await page.screenshot({ path: testInfo.outputPath('hall-light.png') });
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.screenshot({ path: testInfo.outputPath('hall-dark.png') });
  });
});

test('a proctor gives a working student 10 extra minutes from the proctor view; their timer grows without a reload', async ({
  page,
  browser,
}) => {
  test.slow();
  const code = uniqueCode('PROCTIME');
  await createChallenge(page.request, code);
  const account = newAccount('proctime');
  await signUpThroughUi(page, account);
  const screen = studentScreen(page);
  await screen.testCode.fill(code);
  await screen.startTest.click();
  const frame = compilerFrame(page, code);
  // A bound on a loaded machine, not a measure: the compiler page is a lazy chunk.
  await expect(frame.getByRole('heading', { name: 'Sum of two' })).toBeVisible({ timeout: 30_000 });
  await expect(frame.getByTestId('countdown')).toHaveText(/^(60:00|59:\d\d)$/);
  const compilerPage = page.frames().find((f) => f.url().includes(`/compiler/${code}`));
  await compilerPage?.evaluate(() => (document.body.dataset.live = 'yes'));

  const teacherContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const teacher = await teacherContext.newPage();
  await signInAsAdmin(teacher);
  await teacher.goto(`/adminDash?view=proctor&challengeId=${encodeURIComponent(code)}`);
  await teacher.getByLabel(proctorMessages.search).fill(account.email);
  const row = teacher.getByTestId('proctor-row').filter({ hasText: account.email });
  // A bound: the view's first read on a loaded machine.
  await expect(row.getByTestId('proctor-state')).toHaveText(proctorMessages.stateWorking, {
    timeout: 30_000,
  });
  await row
    .getByRole('button', { name: accommodationMessages.openLabel.replace('{name}', account.name) })
    .click();
  const dialog = teacher.getByRole('dialog', {
    name: accommodationMessages.title.replace('{name}', account.name),
  });
  await dialog.getByLabel(accommodationMessages.minutesLabel).fill('10');
  await dialog.getByLabel(accommodationMessages.reasonLabel).fill('Arrived with a broken keyboard');
  await dialog.getByRole('button', { name: accommodationMessages.give }).click();
  await expect(dialog.getByTestId('accommodations-summary')).toHaveText('+10 min');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The student's countdown grew by 10 minutes on the same page; the proctor's row follows.
  await expect(frame.getByTestId('countdown')).toHaveText(/^01:(10:00|09:\d\d)$/, {
    timeout: 30_000, // A bound on a loaded machine, not a measure: one long poll's answer.
  });
  await expect(frame.locator('body[data-live="yes"]')).toHaveCount(1);
  await expect(row.getByTestId('proctor-time-left')).toHaveText(
    /^(1:10:00|1:09:\d\d|01:(10:00|09:\d\d))$/,
    {
      timeout: 30_000,
    },
  );
  await teacherContext.close();
});
