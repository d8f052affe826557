import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './results-support.ts';
import { compilerFrame, createChallenge, typeCode, uniqueCode } from './compiler-support.ts';
import { newAccount, signUpThroughUi, studentScreen, toasts } from './support.ts';

// Issue 14 items 2 and 5: a challenge judged by the teacher's checker program, with an
// all-or-nothing test group, edited by the teacher and solved by a student.

/** Accepts twice the input; anything else is rejected with a note for the teacher. */
const CHECKER = `import sys
expected = open(sys.argv[2]).read().split()
got = sys.stdin.read().split()
if got == expected:
    sys.exit(42)
open(sys.argv[3] + 'judgemessage.txt', 'w').write('expected %s' % expected)
sys.exit(43)
`;

const double = (n: number, group?: string) => ({
  input: `${n}\n`,
  expectedOutput: `${n * 2}\n`,
  hidden: group !== undefined,
  weight: 1,
  ...(group ? { group } : {}),
});

const rules = {
  testCases: [double(1), double(2, 'small'), double(100, 'large'), double(101, 'large')],
  testGroups: [
    { name: 'small', scoring: 'all' as const },
    { name: 'large', scoring: 'all' as const },
  ],
  compare: { mode: 'checker' as const, language: 'python' as const },
  checkerSource: CHECKER,
  starterCode: '',
};

test('a teacher edits a challenge judged by a checker program with test groups', async ({
  page,
  request,
}) => {
  const code = uniqueCode('RULES');
  await createChallenge(request, code, rules);
  await signInAsAdmin(page);
  await page
    .getByRole('navigation', { name: 'Dashboard menu' })
    .getByRole('link', { name: 'Home' })
    .click();
  await page.getByRole('link', { name: code, exact: true }).click();
  const form = page.getByRole('form', { name: 'Loaded challenge' });
  await expect(form.getByRole('radio', { name: /By a checker program/ })).toBeChecked();
  await expect(form.getByLabel('Checker language')).toHaveValue('python');
  await expect(form.getByRole('textbox', { name: 'Checker program' })).toHaveValue(CHECKER);
  await expect(form.getByLabel('Group name 1')).toHaveValue('small');
  await expect(form.getByLabel('Scoring 2')).toHaveValue('all');
  await expect(form.getByRole('listitem', { name: 'Test 3' }).getByLabel('Group')).toHaveValue(
    'large',
  );
  // The worst case counts the checker's runs.
  await expect(form.getByText(/\+ checker: compile 5 s \+ 4 tests ×/u)).toBeVisible();

  // A checker that does not compile is refused with the compiler's message.
  await form.getByRole('textbox', { name: 'Checker program' }).fill('def f(:\n');
  await form.getByRole('button', { name: 'Update challenge' }).click();
  await expect(toasts(page, 'The checker program does not compile:')).toBeVisible();

  await form.getByRole('textbox', { name: 'Checker program' }).fill(CHECKER);
  await form.getByLabel('Scoring 2').selectOption({ label: 'Sum of its tests' });
  await page.screenshot({ path: test.info().outputPath('judge-rules-form.png'), fullPage: true });
  await form.getByRole('button', { name: 'Update challenge' }).click();
  await expect(toasts(page, 'Challenge updated')).toBeVisible();
});

test('a student sees the checker rule and each test group of their result', async ({
  page,
  request,
}) => {
  test.slow();
  const code = uniqueCode('GROUPS');
  await createChallenge(request, code, rules);
  await signUpThroughUi(page, newAccount('groups'));
  const screen = studentScreen(page);
  await screen.testCode.fill(code);
  await screen.startTest.click();
  const frame = compilerFrame(page, code);
  await expect(frame.getByText("Checked by the teacher's checker program")).toBeVisible();
  // Right below 100 only: small passes, large fails at its first test and stops there.
  await typeCode(page, frame, 'n = int(input())\nprint(n * 2 if n < 100 else 0)');
  await frame.getByRole('button', { name: 'Submit' }).click();
  const result = frame.getByTestId('submit-result');
  await expect(result).toContainText('Wrong Answer', { timeout: 60_000 });
  const groups = result.getByTestId('group-results');
  await expect(groups.getByRole('listitem')).toHaveText([
    'sample: 1 of 1 tests, 25 of 25 points',
    'small: 1 of 1 tests, 25 of 25 points · all or nothing',
    'large: 0 of 2 tests, 0 of 50 points · all or nothing · 1 not run after a failure',
  ]);
  await result.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('judge-rules-result.png') });
});
