/**
 * The relative links of Markdown files, checked the way GitHub would follow them (issue 36 item
 * 7): a link to a file must name one that exists (a folder is fine: GitHub lists it), and a link
 * to `#heading`, in the same file or another Markdown file, must name a heading of that file by
 * its GitHub anchor (github-slug.ts) or an HTML `id`/`name` in it. External links (any scheme:
 * http, https, mailto) are not followed.
 *
 * The files are parsed with remark (the statement renderer's parser, with GitHub's extensions),
 * not searched with a pattern, so a link shown in a code span or a fenced block is not a link.
 */
import path from 'node:path';
import type { Nodes, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { Slugger } from './github-slug.ts';

/** A Markdown file, its path relative to the repository's root with `/` separators. */
export type MarkdownFile = { path: string; text: string };

/** How the check sees the repository: what exists, and the text of a Markdown file. */
export type Repository = {
  exists(repoPath: string): boolean;
  readMarkdown(repoPath: string): string;
};

type Link = { url: string; line: number };

const parser = unified().use(remarkParse).use(remarkGfm);

function parse(text: string): Root {
  return parser.parse(text);
}

function walk(node: Nodes, visit: (node: Nodes) => void): void {
  visit(node);
  if ('children' in node) for (const child of node.children) walk(child, visit);
}

/** The text a heading shows (what GitHub makes its anchor from). */
function shownText(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value;
  if ('children' in node) return node.children.map(shownText).join('');
  return '';
}

const HTML_ANCHOR = /\s(?:id|name)\s*=\s*["']([^"']+)["']/g;
const HTML_LINK = /\s(?:href|src)\s*=\s*["']([^"']+)["']/g;

/** Every anchor a link may name in this file: its headings' slugs and HTML ids and names. */
export function anchorsOf(text: string): Set<string> {
  const slugger = new Slugger();
  const anchors = new Set<string>();
  walk(parse(text), (node) => {
    if (node.type === 'heading') anchors.add(slugger.slug(shownText(node)));
    if (node.type === 'html')
      for (const match of node.value.matchAll(HTML_ANCHOR)) if (match[1]) anchors.add(match[1]);
  });
  return anchors;
}

/** Links and images, reference definitions included, and the href/src of inline HTML. */
export function linksOf(text: string): Link[] {
  const links: Link[] = [];
  walk(parse(text), (node) => {
    const line = node.position?.start.line ?? 0;
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition')
      links.push({ url: node.url, line });
    if (node.type === 'html')
      for (const match of node.value.matchAll(HTML_LINK))
        if (match[1]) links.push({ url: match[1], line });
  });
  return links;
}

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/**
 * What is wrong with each broken relative link of `files`, one line each:
 * `<file>:<line>: <link>: <why>`. Empty when every link leads somewhere.
 */
export function brokenLinks(files: MarkdownFile[], repository: Repository): string[] {
  const anchorCache = new Map<string, Set<string>>();
  const anchors = (repoPath: string): Set<string> => {
    let found = anchorCache.get(repoPath);
    if (!found) {
      found = anchorsOf(repository.readMarkdown(repoPath));
      anchorCache.set(repoPath, found);
    }
    return found;
  };

  const problems: string[] = [];
  for (const file of files) {
    for (const { url, line } of linksOf(file.text)) {
      if (url === '' || EXTERNAL.test(url) || url.startsWith('//')) continue;
      const report = (why: string) => problems.push(`${file.path}:${line}: ${url}: ${why}`);
      const hashAt = url.indexOf('#');
      const rawPath = (hashAt === -1 ? url : url.slice(0, hashAt)).replace(/\?.*$/, '');
      const fragment = hashAt === -1 ? undefined : url.slice(hashAt + 1);

      let target = file.path;
      if (rawPath !== '') {
        let decoded: string;
        try {
          decoded = decodeURIComponent(rawPath);
        } catch {
          report('the address is not valid percent-encoding');
          continue;
        }
        // A path from the root (`/docs/x.md`) is the repository's root on GitHub.
        target = decoded.startsWith('/')
          ? path.posix.normalize(decoded.slice(1))
          : path.posix.join(path.posix.dirname(file.path), decoded);
        if (target === '..' || target.startsWith('../')) {
          report('leads outside the repository');
          continue;
        }
        target = target.replace(/\/$/, '') || '.';
        if (!repository.exists(target)) {
          report(`no file or folder ${target}`);
          continue;
        }
      }

      if (fragment === undefined || fragment === '') continue;
      if (!target.endsWith('.md')) continue; // an anchor into a non-Markdown file is not ours to read
      let anchor: string;
      try {
        anchor = decodeURIComponent(fragment);
      } catch {
        report('the anchor is not valid percent-encoding');
        continue;
      }
      if (!anchors(target).has(anchor)) report(`no heading #${anchor} in ${target}`);
    }
  }
  return problems;
}
