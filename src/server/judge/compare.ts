/**
 * Output comparison: a program's output matches when it equals the expected output after trailing
 * whitespace is removed from every line and trailing blank lines are dropped, so a missing final
 * newline, Windows line endings or stray spaces at line ends never turn a right answer wrong.
 */
export function normalizeOutput(text: string): string {
  const lines = text.split('\n').map((line) => line.replace(/\s+$/u, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}

export function outputsMatch(actual: string, expected: string): boolean {
  return normalizeOutput(actual) === normalizeOutput(expected);
}
