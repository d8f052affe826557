import { expect, test } from '@playwright/test';
import {
  compilerFrame,
  createChallenge,
  editorText,
  typeCode,
  uniqueCode,
} from './compiler-support.ts';
import { newAccount, signUpThroughUi, studentScreen } from './support.ts';

// Typed as a student types it; the editor closes brackets and quotes by itself and steps over
// the closing ones typed after.
const CPP_SOLUTION =
  '#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; std::cout << a + b << std::endl; }';

test('a student picks C++ among the test languages, keeps a draft per language and solves it', async ({
  page,
  request,
}) => {
  test.slow();
  const code = uniqueCode('LANGS');
  await createChallenge(request, code, { languages: ['c', 'cpp'] });
  await signUpThroughUi(page, newAccount('languages'));
  const screen = studentScreen(page);
  await screen.testCode.fill(code);
  await screen.startTest.click();

  const frame = compilerFrame(page, code);
  const picker = frame.getByLabel('Language', { exact: true });
  await expect(picker).toHaveValue('python');
  expect(await editorText(frame)).toContain('# read two numbers, print their sum');

  await picker.selectOption({ label: 'C++' });
  await expect(frame.getByRole('textbox', { name: 'Code editor, C++' })).toBeVisible();
  // The starter code belongs to the default language: C++ starts empty.
  expect(await editorText(frame)).toBe('');
  await typeCode(page, frame, CPP_SOLUTION);
  await expect(frame.getByTestId('draft-status')).toContainText('Draft saved on this computer');

  // Back to Python and again to C++: each language kept its own text.
  await picker.selectOption({ label: 'Python' });
  await expect.poll(() => editorText(frame)).toContain('# read two numbers, print their sum');
  await picker.selectOption({ label: 'C++' });
  await expect.poll(() => editorText(frame)).toContain('std::cout << a + b');

  // The choice survives a reload.
  await page.reload();
  await expect(picker).toHaveValue('cpp');

  await frame.getByRole('button', { name: 'Submit' }).click();
  const result = frame.getByTestId('submit-result');
  await expect(result).toContainText('Accepted', { timeout: 60_000 });
  await expect(result.getByTestId('submission-score')).toHaveText('100 / 100');
  await page.screenshot({ path: test.info().outputPath('compiler-languages.png') });
});
