/**
 * The configuration table of docs/operations.md, written from src/server/config-reference.ts
 * (issue 36 item 7): `npm run docs:config` rewrites the table between its two markers, formatted
 * as Prettier would; tests/docs/config-table.test.ts checks the file is what this writes.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'prettier';
import { configReference, type ConfigEntry } from '../src/server/config-reference.ts';

export const OPERATIONS_DOC = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'docs',
  'operations.md',
);
const START = '<!-- config-table:start (written by npm run docs:config) -->';
const END = '<!-- config-table:end -->';

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function configTable(entries: readonly ConfigEntry[] = configReference): string {
  const rows = entries.map(
    (entry) =>
      `| ${entry.names.map((name) => `\`${name}\``).join(', ')} | ${cell(entry.default)} | ${cell(entry.meaning)} |`,
  );
  return ['| variable | default | meaning |', '| --- | --- | --- |', ...rows].join('\n');
}

/** The document with its table written anew, formatted; throws when a marker is missing. */
export async function withConfigTable(markdown: string): Promise<string> {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/operations.md lacks ${START} … ${END}`);
  const written = `${markdown.slice(0, start)}${START}\n\n${configTable()}\n\n${markdown.slice(end)}`;
  return format(written, { filepath: OPERATIONS_DOC });
}

async function main(): Promise<void> {
  const current = await fs.readFile(OPERATIONS_DOC, 'utf8');
  const next = await withConfigTable(current);
  if (next === current) {
    console.log('docs/operations.md: the configuration table is up to date.');
    return;
  }
  await fs.writeFile(OPERATIONS_DOC, next);
  console.log('docs/operations.md: the configuration table was written anew.');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
