import { render, screen, waitFor } from '@testing-library/react';
import type { Root } from 'hast';
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../contract/messages.ts';
import { statementTree } from './markdown-pipeline.ts';
import { KATEX_STYLE } from './sanitize-schema.ts';
import StatementMarkdown from './statement-markdown.tsx';

const renderMarkdown = (
  markdown: string,
  loadImage?: Parameters<typeof StatementMarkdown>[0]['loadImage'],
) => render(<StatementMarkdown markdown={markdown} loadImage={loadImage} />).container;

describe('a rendered statement', () => {
  it('typesets math in a line and on lines of its own with KaTeX, MathML included', () => {
    const view = renderMarkdown('Print $a^2 + b$ for\n\n$$\n\\frac{n(n+1)}{2}\n$$\n');
    const inline = view.querySelector('p .katex');
    expect(inline).not.toBeNull();
    expect(inline?.querySelector('annotation')?.textContent).toBe('a^2 + b');
    expect(inline?.querySelector('math mrow msup')).not.toBeNull();
    expect(view.querySelector('.katex-display .katex-html .mfrac')).not.toBeNull();
    expect(view.textContent).not.toContain('$');
  });

  it('renders Markdown: headings, emphasis, lists, tables and code', () => {
    const view = renderMarkdown(
      '## Input\n\nThe **first** line holds *n*.\n\n- one\n- two\n\n| n | out |\n|---|---|\n| 1 | 2 |\n\n```\ncode\n```\n',
    );
    // One level under the page's own headings (the challenge's name, "Problem").
    expect(view.querySelector('h4.statement-md__h2')?.textContent).toBe('Input');
    expect(view.querySelector('strong')?.textContent).toBe('first');
    expect(view.querySelectorAll('li')).toHaveLength(2);
    expect(view.querySelector('table td')?.textContent).toBe('1');
    expect(view.querySelector('pre code')?.textContent).toBe('code\n');
  });

  it('shows raw HTML as the text it is: no script, no element, no event handler', () => {
    const view = renderMarkdown(
      'Hi <script>window.__pwned = 1</script> there\n\n<img src=x onerror="window.__pwned = 1">\n\n<b onclick="x()">bold</b> and a<b and c>d\n',
    );
    expect(view.querySelector('script, img, b, [onerror], [onclick]')).toBeNull();
    expect(view.textContent).toContain('<script>window.__pwned = 1</script>');
    expect(view.textContent).toContain('<img src=x onerror="window.__pwned = 1">');
    expect(view.textContent).toContain('a<b and c>d');
  });

  it('keeps no javascript: or data: link, and opens other links outside the test', () => {
    const view = renderMarkdown(
      '[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](data:text/html,x) [d](https://kattis.com/x) <javascript:alert(1)>',
    );
    const hrefs = [...view.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['https://kattis.com/x']);
    expect(view.textContent).toContain('a b c d');
    const safe = view.querySelector('a[href="https://kattis.com/x"]');
    expect(safe?.getAttribute('target')).toBe('_blank');
    expect(safe?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('refuses what KaTeX would only do when trusted: links, classes, styles, ids', () => {
    const view = renderMarkdown(
      '$\\href{javascript:alert(1)}{x}$ $\\htmlStyle{position:fixed;inset:0}{y}$ $\\htmlClass{toast}{z}$ $\\htmlId{root}{w}$ $\\includegraphics{x.png}$',
    );
    expect(view.querySelector('a, img, #root, .toast')).toBeNull();
    const styles = [...view.querySelectorAll('[style]')].map((el) => el.getAttribute('style'));
    expect(styles.length).toBeGreaterThan(0);
    expect(styles.filter((style) => /fixed|inset/u.test(style ?? ''))).toEqual([]);
  });

  it('caps the sizes a teacher writes, so math cannot cover the page', () => {
    const view = renderMarkdown('$\\rule{5000em}{5000em}$');
    const sizes = [...view.querySelectorAll<HTMLElement>('[style]')].flatMap((el) =>
      [...el.style.cssText.matchAll(/(-?[\d.]+)em/gu)].map((m) => Math.abs(Number(m[1]))),
    );
    expect(sizes.length).toBeGreaterThan(0);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(20);
  });

  it('links footnotes to their notes under the prefix every id gets', () => {
    const view = renderMarkdown('See this.[^1]\n\n[^1]: The note.\n');
    const ref = view.querySelector('sup a');
    const target = ref?.getAttribute('href')?.slice(1) ?? '';
    expect(target.startsWith('user-content-')).toBe(true);
    expect(view.querySelector(`[id="${target}"]`)?.textContent).toContain('The note.');
  });
});

describe('KaTeX under the sanitiser', () => {
  // Everything here is KaTeX's own output: the sanitiser must drop none of it, or math would
  // render broken. The same pipeline without the sanitiser is the reference.
  const unsanitised = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkMath)
    .use(remarkRehype, { clobberPrefix: '' })
    .use(rehypeKatex, { trust: false, strict: 'ignore', maxSize: 20, maxExpand: 1000 })
    .freeze();
  const strip = (tree: Root): unknown =>
    JSON.parse(
      JSON.stringify(tree, (key, value: unknown) => (key === 'position' ? undefined : value)),
    );

  it.each([
    String.raw`\frac{a}{b} + \sqrt{x} + \sqrt[3]{y} + \binom{n}{k}`,
    String.raw`\sum_{i=1}^{n} i^2 \le \int_0^1 f(x)\,dx \cdot \prod_{p} \lim_{n\to\infty}`,
    String.raw`\begin{pmatrix}1&2\\3&4\end{pmatrix} \begin{cases}a & x<0\\b&\text{otherwise}\end{cases}`,
    String.raw`\begin{array}{|c|c|}\hline a&b\\\hline\end{array} \begin{array}{c:c}a&b\\\hdashline c&d\end{array}`,
    String.raw`\begin{aligned}a&=b\\c&=d\end{aligned} \begin{gathered}a\\b\end{gathered} \vcenter{x} \tag{1}`,
    String.raw`\overbrace{a+b}^{n} \underbrace{c}_{m} \widehat{abc} \overrightarrow{AB} \xrightarrow{f}`,
    String.raw`\color{red}{x} \textcolor{#0a0}{y} \colorbox{yellow}{z} \fcolorbox{red}{blue}{w} \boxed{v}`,
    String.raw`\mathbb{R} \mathcal{A} \mathbf{v} \operatorname{lcm}(a,b) \lfloor x \rfloor \lceil y \rceil`,
    String.raw`\cancel{x} \bcancel{y} \xcancel{z} \not= \phantom{x} \hspace{1em} \overline{ab}`,
    String.raw`\left( \frac{a}{b} \right) \big( \Big[ \bigg\{ \Bigg| \vec{v} \hat{a} \tilde{b}`,
    String.raw`a \bmod b \pmod{p} \equiv \langle x \rangle \vdots \ddots \cdots \to \Rightarrow`,
  ])('keeps all of %s', (tex) => {
    for (const markdown of [`$${tex}$`, `$$\n${tex}\n$$`]) {
      const reference = unsanitised.runSync(unsanitised.parse(markdown));
      expect(strip(statementTree(markdown))).toEqual(strip(reference));
    }
  });

  it('allows in style only the declarations KaTeX writes, with lengths and colours', () => {
    for (const ok of [
      'height:1.04em;vertical-align:-0.0849em;',
      'top:-3em;margin-right:0.05em;',
      'border: 0.04em solid red',
      'color:#cc0000',
      'background-color:yellow;position:relative',
    ])
      expect(KATEX_STYLE.test(ok), ok).toBe(true);
    for (const bad of [
      'position:fixed;inset:0',
      'background:url(https://evil.example/x)',
      'color:red;background-image:url(x)',
      'top:expression(alert(1))',
      'height:1em;}</style><script>',
      'width:100vw',
    ])
      expect(KATEX_STYLE.test(bad), bad).toBe(false);
  });
});

describe('the images of a rendered statement', () => {
  let made: Blob[] = [];
  beforeEach(() => {
    made = [];
    // jsdom has no blob URLs: a stand-in that remembers what it was given.
    URL.createObjectURL = (blob: Blob) => {
      made.push(blob);
      return `blob:test/${made.length}`;
    };
    URL.revokeObjectURL = () => {};
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it("shows a challenge's image by its name, from the loader it is given", async () => {
    const png = new Blob(['png'], { type: 'image/png' });
    const loadImage = vi.fn(async (name: string) => (name === 'graph.png' ? png : undefined));
    renderMarkdown('![A graph of f](graph.png) ![gone](missing.png)', loadImage);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'A graph of f' }).getAttribute('src')).toBe(
        'blob:test/1',
      ),
    );
    expect(made).toEqual([png]);
    expect(
      await screen.findByText(messages.statementImageMissing.replace('{name}', 'gone')),
    ).not.toBeNull();
    expect(loadImage.mock.calls.map(([name]) => name).sort()).toEqual(['graph.png', 'missing.png']);
  });

  it('never fetches an address that is not one of its images', async () => {
    const loadImage = vi.fn(async () => new Blob(['x']));
    const view = renderMarkdown(
      '![t](https://evil.example/track.png) ![d](data:image/png;base64,AAAA) ![p](../../api/x.png)',
      loadImage,
    );
    expect(view.querySelector('img')).toBeNull();
    expect(view.querySelectorAll('.statement-md__image-missing')).toHaveLength(3);
    expect(loadImage).not.toHaveBeenCalled();
  });
});
