/**
 * Every relative link and anchor of the repository's Markdown files leads somewhere (issue 36
 * item 7): README.md, CONTRIBUTING.md, docs/ and any other Markdown file we write. Build output,
 * dependencies and test output are not ours; problem packages' statements are test data, which
 * the judge's tests read as they are.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { brokenLinks, type MarkdownFile, type Repository } from './markdown-links.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const SKIPPED_FOLDERS = new Set([
  '.git',
  'node_modules',
  'dist',
  'test-results',
  'playwright-report',
  'coverage',
  'data',
  'tests/fixtures/problems',
]);

function markdownFiles(folder = ''): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const repoPath = folder === '' ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      if (SKIPPED_FOLDERS.has(repoPath) || entry.name.startsWith('dist-')) continue;
      found.push(...markdownFiles(repoPath));
    } else if (entry.isFile() && entry.name.endsWith('.md')) {
      found.push(repoPath);
    }
  }
  return found;
}

const onDisk: Repository = {
  exists: (repoPath) => fs.existsSync(path.join(root, repoPath)),
  readMarkdown: (repoPath) => fs.readFileSync(path.join(root, repoPath), 'utf8'),
};

describe('Markdown links', () => {
  it('finds the documents it is meant to check', () => {
    const files = markdownFiles();
    expect(files).toEqual(
      expect.arrayContaining([
        'README.md',
        'CONTRIBUTING.md',
        'docs/architecture.md',
        'docs/security.md',
      ]),
    );
    expect(files.some((file) => file.startsWith('node_modules/'))).toBe(false);
  });

  // Reads and parses every Markdown file of the repository: about a second alone, several
  // seconds beside the rest of CI on 2 cores, so it gets more than vitest's default 5 s.
  it(
    'every relative link and anchor of the repository leads somewhere',
    { timeout: 30_000 },
    () => {
      const files: MarkdownFile[] = markdownFiles().map((file) => ({
        path: file,
        text: onDisk.readMarkdown(file),
      }));
      expect(brokenLinks(files, onDisk)).toEqual([]);
    },
  );

  it('reports a missing file, a missing heading and a link out of the repository', () => {
    const texts: Record<string, string> = {
      'README.md': [
        '# Portal',
        '',
        'See [the guide](docs/guide.md#running-a-sitting), [security](docs/security.md#gone),',
        '[nothing](docs/nowhere.md), [up](../shared/DESIGN.md), [here](#portal),',
        '[the logo](public/logo.svg "title") and [a site](https://example.org/#anything).',
        '',
        '`[in code](missing.md)`',
        '',
        '```md',
        '[in a block](missing.md)',
        '```',
      ].join('\n'),
      'docs/guide.md': '# Guide\n\n## Running a sitting\n\nBack to [the top](../README.md#portal).',
      'docs/security.md': '# Security\n\n## Threat model',
    };
    const repository: Repository = {
      exists: (repoPath) => repoPath in texts || repoPath === 'public/logo.svg',
      readMarkdown: (repoPath) => texts[repoPath] ?? '',
    };
    const files = Object.entries(texts).map(([file, text]) => ({ path: file, text }));
    expect(brokenLinks(files, repository)).toEqual([
      'README.md:3: docs/security.md#gone: no heading #gone in docs/security.md',
      'README.md:4: docs/nowhere.md: no file or folder docs/nowhere.md',
      'README.md:4: ../shared/DESIGN.md: leads outside the repository',
    ]);
  });
});
