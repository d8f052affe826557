// An imported Kattis LaTeX statement keeps its math (issue 31 item 4): the package's
// problem.en.tex goes through the import's conversion (src/server/problems/latex-statement.ts)
// and then through the statement renderer students see (src/web/features/statement), and every
// piece of math written in the TeX comes out typeset by KaTeX, its source unchanged. No server:
// the two real halves, joined as the product joins them (the description is stored as converted).
import path from 'node:path';
import type { Element, Root, RootContent } from 'hast';
import { describe, expect, it } from 'vitest';
import { readKattisPackage } from '../../src/server/problems/kattis-package.ts';
import { readPackageFolder } from '../../src/server/problems/package-folder.ts';
import { statementTree } from '../../src/web/features/statement/markdown-pipeline.ts';

const APLUSB = path.resolve(import.meta.dirname, '../fixtures/problems/aplusb');

type Found = { tex: string; display: boolean };

/** Each KaTeX rendering in the tree: its TeX (KaTeX's annotation) and whether it is displayed. */
function mathIn(tree: Root): { math: Found[]; text: string } {
  const math: Found[] = [];
  let text = '';
  const walk = (node: Root | RootContent, display: boolean) => {
    if (node.type === 'text') text += node.value;
    if (node.type !== 'element' && node.type !== 'root') return;
    const classes = node.type === 'element' ? (node.properties.className ?? []) : [];
    const isKatex = Array.isArray(classes) && classes.includes('katex');
    if (isKatex) {
      const annotation = find(node as Element, 'annotation');
      const tex = annotation?.children[0]?.type === 'text' ? annotation.children[0].value : '';
      math.push({ tex, display });
      return;
    }
    const inDisplay = display || (Array.isArray(classes) && classes.includes('katex-display'));
    for (const child of node.children) walk(child, inDisplay);
  };
  walk(tree, false);
  return { math, text };
}

function find(node: Element, tagName: string): Element | undefined {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === tagName) return child;
    const deeper = find(child, tagName);
    if (deeper) return deeper;
  }
  return undefined;
}

describe('an imported LaTeX statement, as students see it', () => {
  it('typesets every piece of math of the package, its TeX unchanged', () => {
    const { files, shortName } = readPackageFolder(APLUSB);
    files.set(
      'problem_statement/problem.en.tex',
      Buffer.from(String.raw`\problemname{Sets and sums}
Given a set $S = \{s_1, \dots, s_n\}$ of $n$ integers ($1 \le n \le 10^{5}$), costing \$5 each,
print 50\% of \(\sum_{i} s_i\).
\[ \binom{n}{2} = \frac{n(n-1)}{2} \]
\begin{align*}
  f(0) &= 1 \\
  f(n) &= n \cdot f(n-1)
\end{align*}
\section*{Output}
$$\begin{pmatrix} a & b \\ c & d \end{pmatrix}$$
`),
    );
    const { input } = readKattisPackage(files, shortName, { today: '2026-11-26' });
    const { math, text } = mathIn(statementTree(input.challengeDesc ?? ''));
    expect(math).toEqual([
      { tex: String.raw`S = \{s_1, \dots, s_n\}`, display: false },
      { tex: 'n', display: false },
      { tex: String.raw`1 \le n \le 10^{5}`, display: false },
      { tex: String.raw`\sum_{i} s_i`, display: false },
      { tex: String.raw`\binom{n}{2} = \frac{n(n-1)}{2}`, display: true },
      {
        tex: String.raw`\begin{aligned}
  f(0) &= 1 \\
  f(n) &= n \cdot f(n-1)
\end{aligned}`,
        display: true,
      },
      { tex: String.raw`\begin{pmatrix} a & b \\ c & d \end{pmatrix}`, display: true },
    ]);
    // The text around it reads as written: the price is text, no delimiter is left over.
    expect(text).toContain('costing $5 each');
    expect(text).toContain('print 50% of');
    expect(text).toContain('Output');
    expect(text).not.toMatch(/\\\(|\\\[|\$\$/u);
  });

  it('renders the fixture aplusb as imported, $a$ and $b$ included', () => {
    const { files, shortName } = readPackageFolder(APLUSB);
    const { input } = readKattisPackage(files, shortName, { today: '2026-11-26' });
    const { math } = mathIn(statementTree(input.challengeDesc ?? ''));
    expect(math.map((m) => m.tex)).toEqual([
      'a',
      'b',
      'a',
      'b',
      String.raw`-2 \cdot 10^{9} \le a, b \le 2 \cdot 10^{9}`,
      'a + b',
    ]);
  });
});
