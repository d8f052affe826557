/**
 * A statement's Markdown as a sanitised HTML tree (hast): CommonMark with GitHub's tables, task
 * lists, strikethrough and footnotes, math between dollars (`$a+b$` in a line, `$$` on lines of
 * their own) typeset by KaTeX, then the whole checked against sanitize-schema.ts.
 *
 * Raw HTML in the Markdown is shown as the text it is, never as markup: a statement has no need
 * of it that Markdown and math do not cover, and dropping it silently (remark-rehype's default)
 * would also eat text such as `a<b and c>d`, which CommonMark reads as a tag.
 *
 * This module and what it imports are the heavy part (~100 KB gzip with KaTeX): only the lazy
 * chunk of statement-markdown.tsx loads it.
 */
import type { Root } from 'hast';
import rehypeKatex from 'rehype-katex';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { statementSchema } from './sanitize-schema.ts';

/** The part of an mdast node this file reads. */
type MdNode = { type: string; value?: string; children?: MdNode[] };

/** Where a block of raw HTML stands, it becomes a paragraph of its text; inline, just its text. */
const FLOW_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

function rawHtmlAsText(node: MdNode): void {
  if (!node.children) return;
  node.children = node.children.map((child) => {
    if (child.type !== 'html') {
      rawHtmlAsText(child);
      return child;
    }
    const text = { type: 'text', value: child.value ?? '' };
    return FLOW_PARENTS.has(node.type) ? { type: 'paragraph', children: [text] } : text;
  });
}

const remarkRawHtmlAsText = () => (tree: MdNode) => rawHtmlAsText(tree);

/**
 * KaTeX with `trust: false` (its default, stated): no \href, \url, \includegraphics or \html*
 * command. Sizes a teacher writes (\rule, \hspace) are capped at 20 em, so a statement cannot
 * cover the page with one box; macro expansion is bounded (KaTeX's own default of 1000).
 */
const katexOptions = {
  trust: false,
  strict: 'ignore' as const,
  maxSize: 20,
  maxExpand: 1000,
  output: 'htmlAndMathml' as const,
};

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkMath)
  .use(remarkRawHtmlAsText)
  // No prefix here: the sanitiser gives every id its prefix (sanitize-schema.ts), once.
  .use(remarkRehype, { clobberPrefix: '' })
  .use(rehypeKatex, katexOptions)
  .use(rehypeSanitize, statementSchema)
  .freeze();

export function statementTree(markdown: string): Root {
  return processor.runSync(processor.parse(markdown));
}
