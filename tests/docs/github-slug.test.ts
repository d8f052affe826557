import { describe, expect, it } from 'vitest';
import { Slugger, githubSlug } from './github-slug.ts';

// Expected values are github-slugger's (its test fixtures) and what GitHub shows for such headings.
describe('githubSlug', () => {
  it('lower-cases and turns each space into a dash', () => {
    expect(githubSlug('What each command starts')).toBe('what-each-command-starts');
    expect(githubSlug('Hello  World')).toBe('hello--world');
  });

  it('drops punctuation and symbols but keeps dashes and underscores', () => {
    expect(githubSlug('Security notes: the data folder (v2)!')).toBe(
      'security-notes-the-data-folder-v2',
    );
    expect(githubSlug('`npm test` & `.ci/run`')).toBe('npm-test--cirun');
    expect(githubSlug('snake_case and kebab-case')).toBe('snake_case-and-kebab-case');
    expect(githubSlug('A → B ✓ 😄')).toBe('a--b--');
  });

  it('keeps letters and digits of any script', () => {
    expect(githubSlug('Über Prüfungen 2026')).toBe('über-prüfungen-2026');
    expect(githubSlug('Экзамены')).toBe('экзамены');
  });
});

describe('Slugger', () => {
  it('numbers a repeated heading as GitHub does', () => {
    const slugger = new Slugger();
    expect(['Usage', 'Usage', 'Usage-1', 'Usage'].map((text) => slugger.slug(text))).toEqual([
      'usage',
      'usage-1',
      'usage-1-1',
      'usage-2',
    ]);
  });
});
