// Exam integrity signals (issue 17) end to end: a challenge that records tab changes and blocks
// pasting from outside the editor; the student is told so, switches to another tab and back,
// pastes from outside (blocked) and pastes their own copied code (allowed); the teacher then sees
// the counters in Results and the student's timeline.
import { expect, test, type Page } from '@playwright/test';
import { compilerFrame, createChallenge, editorText, uniqueCode } from './compiler-support.ts';
import { signInAsAdmin } from './results-support.ts';
import { newAccount, signUpThroughUi, studentScreen } from './support.ts';

/** Where the screenshots of the teacher's views go (looked at by hand, not compared). */
const SHOTS = process.env.SIGNALS_SCREENSHOT_DIR ?? 'test-results';

/** A real paste of `text` into the focused editor, through the system clipboard. */
async function pasteFromClipboard(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press('ControlOrMeta+V');
}

test('a student changes tab and pastes; the teacher sees the counters and the timeline', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const student = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await student.newPage();
  const code = uniqueCode('SIG');
  await createChallenge(page.request, code, { captureTabChanges: true, disablePaste: true });

  const account = newAccount('signals');
  await signUpThroughUi(page, account);
  const screen = studentScreen(page);
  await screen.testCode.fill(code);
  await screen.startTest.click();
  const frame = compilerFrame(page, code);

  // The notice says what is recorded before anything is.
  const notice = frame.getByRole('region', { name: 'What this test records' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('when you leave it (switching tab or window)');
  await expect(notice).toContainText(
    'Pasting into the editor text copied from outside it is blocked',
  );
  await page.screenshot({ path: `${SHOTS}/exam-signals-notice.png` });

  // A paste from outside the editor is refused, and says so.
  const editor = frame.getByRole('textbox', { name: /Code editor/ });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await pasteFromClipboard(page, 'print("copied from the web")');
  await expect(
    frame.getByText('Pasting from outside the editor is turned off for this test'),
  ).toBeVisible();
  expect(await editorText(frame)).not.toContain('copied from the web');

  // Text copied inside the editor pastes as usual.
  await page.keyboard.type('x = 41');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.press('ControlOrMeta+C');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ControlOrMeta+V');
  await expect.poll(() => editorText(frame)).toMatch(/x = 41\nx = 41/);

  // Another tab in front for a moment, then back to the test. Headless Chromium keeps every
  // page 'visible' and focused whichever is in front (checked: bringToFront fires neither
  // visibilitychange nor blur), so the compiler frame's page visibility is emulated as well: the
  // property the browser would change, and the event it would fire.
  const compiler = page.frames().find((f) => f.url().includes(`/compiler/${code}`));
  if (!compiler) throw new Error('no compiler frame');
  const setHidden = (hidden: boolean) =>
    compiler.evaluate((h) => {
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => (h ? 'hidden' : 'visible'),
      });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  const other = await student.newPage();
  await other.goto('about:blank');
  await other.bringToFront();
  await setHidden(true);
  await other.waitForTimeout(1500);
  await page.bringToFront();
  await setHidden(false);
  await other.close();

  // The teacher's Results: one tab change, time away, one blocked paste (the own paste is not one).
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await signInAsAdmin(teacher);
  await teacher.goto(`/adminDash?view=results&challengeId=${code}`);
  const table = teacher.getByRole('table', { name: `Results of ${code}` });
  const row = table.getByRole('row').filter({ hasText: account.email });
  await expect(row.getByTestId('tab-changes')).toHaveText(/^1\b/, { timeout: 30_000 });
  const cells = (name: string) =>
    table
      .getByRole('columnheader', { name, exact: true })
      .evaluate((th) => (th as HTMLTableCellElement).cellIndex);
  const cellText = async (name: string) =>
    row
      .locator('td, th')
      .nth(await cells(name))
      .innerText();
  await expect.poll(() => cellText('Blocked pastes')).toBe('1');
  // A blocked paste is one event, not also a paste (issue 30).
  expect(await cellText('Pastes')).toBe('0');
  expect(await cellText('Reloads')).toBe('0');
  // Time away is counted when the page reports the student back, in a batch of its own that can
  // arrive after the one that said they left: wait for it, or the timeline opened below could be
  // read before it.
  await expect.poll(() => cellText('Time away'), { timeout: 30_000 }).toMatch(/^[1-9]\d* s$/);
  // The counters' columns, scrolled into view for the screenshot (the table is wider than this).
  await row.locator('td').last().scrollIntoViewIfNeeded();
  await teacher.screenshot({ path: `${SHOTS}/exam-signals-results.png`, fullPage: true });

  // The timeline, opened from the row by keyboard, closed with Escape.
  const link = row.getByRole('link', { name: `Timeline of ${account.name}` });
  await link.focus();
  await teacher.keyboard.press('Enter');
  const dialog = teacher.getByRole('dialog', { name: `Exam events of ${account.name}` });
  await expect(dialog).toBeVisible();
  const events = dialog.getByRole('table', {
    name: 'Exam events, in the order the page recorded them',
  });
  await expect(events.getByRole('rowheader')).toHaveText([
    'Paste blocked',
    /^Left the test/,
    'Came back',
  ]);
  await expect(dialog).toContainText("'Received' is the server's clock");
  // One blocked paste is one event here too (issue 30).
  const counter = (label: RegExp) =>
    dialog.getByTestId('signal-counters').locator('div').filter({ hasText: label }).locator('dd');
  await expect(counter(/^Pastes/)).toHaveText('0');
  await expect(counter(/^Blocked pastes/)).toHaveText('1');
  await teacher.screenshot({ path: `${SHOTS}/exam-signals-timeline.png` });
  await teacher.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(teacher).not.toHaveURL(/signals=/);

  await teacherContext.close();
  await student.close();
});
