/**
 * The configuration table of docs/operations.md is the one scripts/config-table.ts writes from
 * src/server/config-reference.ts, and that list names every variable the server reads: the
 * schema's (config.ts) and every `env.NAME` read elsewhere in src/server (the judge's own).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATIONS_DOC, withConfigTable } from '../../scripts/config-table.ts';
import { schemaVariableNames } from '../../src/server/config.ts';
import { configReference } from '../../src/server/config-reference.ts';

/** Names read as `env.NAME` in the server's own files (tests excluded). */
function namesReadInSource(dir: string): Set<string> {
  const found = new Set<string>();
  for (const file of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const match of text.matchAll(/\benv\.([A-Z][A-Z0-9_]+)\b/g))
      if (match[1]) found.add(match[1]);
  }
  return found;
}

describe('the configuration table', () => {
  it('is written from config-reference.ts (run npm run docs:config after changing either)', async () => {
    const current = fs.readFileSync(OPERATIONS_DOC, 'utf8');
    expect(await withConfigTable(current)).toBe(current);
  });

  it('names every variable the server reads, and nothing else', () => {
    const documented = configReference.flatMap((entry) => entry.names);
    expect(new Set(documented).size).toBe(documented.length);
    const read = new Set([...schemaVariableNames, ...namesReadInSource('src/server')]);
    expect([...read].filter((name) => !documented.includes(name)).sort()).toEqual([]);
    expect(documented.filter((name) => !read.has(name)).sort()).toEqual([]);
  });
});
