/**
 * A Kattis statement written in LaTeX (problem_statement/problem.en.tex) as the Markdown a
 * challenge description holds: sections become headings, emphasis and lists their Markdown forms,
 * and figures, labels and the problem environment's own markup are dropped. Only what problem
 * statements use; anything else keeps its text without the command.
 *
 * Math is kept exactly as written, for the statement's renderer to typeset with KaTeX (issue 31):
 * `$...$` and `\(...\)` become `$...$` in the line; `$$...$$`, `\[...\]` and the display
 * environments become a `$$` block on lines of its own. It is set aside before the text is
 * converted and put back after, so nothing meant for text touches it (`\\` between a matrix's
 * rows, `\{`, `\%`, `--`, `\begin{cases}` would otherwise be turned into text and break it).
 * Escaped characters that are Markdown's too (`\$`, `\_`, `\#`) stay escaped, so a price in
 * dollars is not read as math.
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

/** Display environments and what KaTeX is given for each (its display-mode equivalents). */
const DISPLAY_ENVIRONMENTS: Record<string, (body: string) => string> = {
  equation: (body) => body,
  displaymath: (body) => body,
  align: (body) => `\\begin{aligned}${body}\\end{aligned}`,
  gather: (body) => `\\begin{gathered}${body}\\end{gathered}`,
  multline: (body) => `\\begin{gathered}${body}\\end{gathered}`,
  eqnarray: (body) => `\\begin{array}{rcl}${body}\\end{array}`,
};

/**
 * Marks where a piece of math was set aside: control characters, removed from the statement
 * first. ASCII, so the text stays a one-byte string for V8 (a private-use character made every
 * regex after it several times slower on a statement full of math).
 */
const MARK_OPEN = '\x01';
const MARK_CLOSE = '\x02';
const MARK = new RegExp(`${MARK_OPEN}(\\d+)${MARK_CLOSE}`, 'gu');

type SetAside = { text: string; math: string[] };

/**
 * Finds closing delimiters, skipping escaped characters. A search that found none remembers
 * where it began: a later one from there on finds none either, so a statement full of unclosed
 * dollars (128 KB of them) is read once, not once per dollar.
 */
function closingFinder(text: string) {
  const noneFrom = new Map<string, number>();
  return (closing: string, from: number): number => {
    if (from >= (noneFrom.get(closing) ?? Infinity)) return -1;
    for (let i = from; i < text.length; i++) {
      if (text.startsWith(closing, i)) return i;
      if (text[i] === '\\') i++;
    }
    noneFrom.set(closing, from);
    return -1;
  };
}

const BACKSLASH = 0x5c;
const DOLLAR = 0x24;
// Without the u flag: a sticky regex with it took 6x as long on V8 (measured on 60,000 `\(`).
const ENVIRONMENT = /\\begin\{([a-z]+)(\*?)\}/y;

/**
 * Replaces each piece of math by a mark naming it (display math by a mark on lines of its own),
 * the math itself kept, as Markdown, in `math`. An unclosed delimiter is left as text.
 */
function setMathAside(tex: string): SetAside {
  const math: string[] = [];
  const mark = (markdown: string, display: boolean) => {
    math.push(markdown);
    const id = `${MARK_OPEN}${math.length - 1}${MARK_CLOSE}`;
    return display ? `\n\n${id}\n\n` : id;
  };
  const inline = (body: string) => mark(`$${body.replace(/\s*\n\s*/gu, ' ').trim()}$`, false);
  const display = (body: string) => mark(`$$\n${body.trim()}\n$$`, true);
  const findClosing = closingFinder(tex);
  // Text between pieces of math is copied in one slice each; only `\` and `$` are looked at,
  // by their char codes (a regex stepping through 60,000 backslashes took 5x as long, cold).
  let out = '';
  let copied = 0;
  for (let i = 0; i < tex.length; i++) {
    const code = tex.charCodeAt(i);
    if (code !== BACKSLASH && code !== DOLLAR) continue;
    ENVIRONMENT.lastIndex = i;
    const env = tex.startsWith('\\begin{', i) ? ENVIRONMENT.exec(tex) : null;
    const wrap = env?.[1] ? DISPLAY_ENVIRONMENTS[env[1]] : undefined;
    let closing: string | undefined;
    let open = 0;
    let make: ((body: string) => string) | undefined;
    if (env && wrap) {
      closing = `\\end{${env[1]}${env[2]}}`;
      open = env[0].length;
      make = (body) => display(wrap(body.replace(/\\(?:label\{[^}]*\}|nonumber\b|notag\b)/gu, '')));
    } else if (tex.startsWith('\\[', i)) [closing, open, make] = ['\\]', 2, display];
    else if (tex.startsWith('\\(', i)) [closing, open, make] = ['\\)', 2, inline];
    else if (tex.startsWith('$$', i)) [closing, open, make] = ['$$', 2, display];
    else if (code === DOLLAR) [closing, open, make] = ['$', 1, inline];
    const end = closing && make ? findClosing(closing, i + open) : -1;
    if (closing && make && end >= 0) {
      out += tex.slice(copied, i) + make(tex.slice(i + open, end));
      copied = end + closing.length;
      i = copied - 1;
    } else if (code === BACKSLASH) {
      i++; // an escaped character (\$, \\, \{) is text: the next one is not looked at
    }
  }
  out += tex.slice(copied);
  return { text: out, math };
}

function putMathBack(text: string, math: string[]): string {
  return text.replace(MARK, (_, n: string) => math[Number(n)] ?? '');
}

export function latexToText(tex: string): string {
  const uncommented = tex
    .replaceAll(MARK_OPEN, '')
    .replaceAll(MARK_CLOSE, '')
    .replace(/(^|[^\\])%.*$/gmu, '$1'); // comments
  const { text: prose, math } = setMathAside(uncommented);
  let text = prose;
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
    // Markdown reads \$, \_ and \# as those characters too: they stay escaped.
    .replace(/\\([%&{}])/gu, '$1');
  text = text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/gu, '\n\n')
    .trim();
  return putMathBack(text, math);
}
