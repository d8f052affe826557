/**
 * A Kattis statement written in LaTeX (problem_statement/problem.en.tex) as the Markdown-like
 * plain text a challenge description holds: sections become headings, emphasis and lists their
 * Markdown forms, math stays as written between dollars (students read $a+b$ well enough), and
 * figures, labels and the problem environment's own markup are dropped. Only what problem
 * statements use; anything else keeps its text without the command.
 */

/** The text of `\name{...}` arguments with balanced braces; -1 when unbalanced. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '\\') {
      i++;
      continue;
    }
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** Replaces every `\command{arg}` by `wrap(arg)`, arguments converted first. */
function replaceCommand(text: string, command: string, wrap: (arg: string) => string): string {
  const pattern = new RegExp(`\\\\${command}\\*?\\s*\\{`, 'u');
  let out = '';
  let rest = text;
  for (let m = pattern.exec(rest); m; m = pattern.exec(rest)) {
    const open = m.index + m[0].length - 1;
    const close = closingBrace(rest, open);
    if (close < 0) break;
    out += rest.slice(0, m.index) + wrap(rest.slice(open + 1, close));
    rest = rest.slice(close + 1);
  }
  return out + rest;
}

/** `\problemname{...}`, the title a Kattis statement gives itself. */
export function latexTitle(tex: string): string | undefined {
  const m = /\\problemname\s*\{/u.exec(tex);
  if (!m) return undefined;
  const open = m.index + m[0].length - 1;
  const close = closingBrace(tex, open);
  return close < 0 ? undefined : tex.slice(open + 1, close).trim();
}

export function latexToText(tex: string): string {
  let text = tex.replace(/(^|[^\\])%.*$/gmu, '$1'); // comments
  text = replaceCommand(text, 'problemname', () => '');
  for (const [command, level] of [
    ['section', '## '],
    ['subsection', '### '],
    ['subsubsection', '#### '],
  ] as const)
    text = replaceCommand(text, command, (arg) => `\n${level}${arg.trim()}\n`);
  text = replaceCommand(text, '(?:emph|textit)', (arg) => `*${arg}*`);
  text = replaceCommand(text, 'textbf', (arg) => `**${arg}**`);
  text = replaceCommand(text, '(?:texttt|verb)', (arg) => `\`${arg}\``);
  text = replaceCommand(text, '(?:label|includegraphics|illustration|ref|cite)', () => '');
  text = replaceCommand(text, 'url', (arg) => arg);
  text = replaceCommand(text, 'href', (arg) => arg);
  text = text
    .replace(
      /\\begin\{(?:itemize|enumerate|description)\}|\\end\{(?:itemize|enumerate|description)\}/gu,
      '',
    )
    .replace(/\\item\s*/gu, '- ')
    .replace(/\\begin\{[a-zA-Z*]+\}(?:\[[^\]]*\])?|\\end\{[a-zA-Z*]+\}/gu, '')
    .replace(/\\\\/gu, '\n')
    .replace(/\\(?:noindent|medskip|smallskip|bigskip|newline|par|centering|clearpage)\b/gu, '')
    .replace(/~/gu, ' ')
    .replace(/``|''/gu, '"')
    .replace(/---/gu, '—')
    .replace(/--/gu, '–')
    .replace(/\\([%&#_{}$])/gu, '$1');
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/gu, '\n\n')
    .trim();
}
