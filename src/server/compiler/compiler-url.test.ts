import { describe, expect, it } from 'vitest';
import { createCompilerUrlFor } from './compiler-url.ts';

describe('the compiler page’s address', () => {
  it('names the exam in the query, before the token’s fragment', () => {
    const urlFor = createCompilerUrlFor(undefined, 'KEY');
    expect(urlFor('SUM-1', 'TOK')).toBe('/compiler/SUM-1?appKey=KEY#token=TOK');
    expect(urlFor('SUM-1', 'TOK', 'MID TERM')).toBe(
      '/compiler/SUM-1?appKey=KEY&exam=MID%20TERM#token=TOK',
    );
  });

  it('adds the exam to an external template with or without a query of its own', () => {
    expect(
      createCompilerUrlFor('https://ide.test/{challengeId}/{token}', 'K')('C', 'T', 'EX'),
    ).toBe('https://ide.test/C/T?exam=EX');
    expect(
      createCompilerUrlFor('https://ide.test/run?c={challengeId}&t={token}', 'K')('C', 'T', 'EX'),
    ).toBe('https://ide.test/run?c=C&t=T&exam=EX');
  });
});
