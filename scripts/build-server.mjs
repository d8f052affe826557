#!/usr/bin/env node
// Compiles the server (src/server, src/contract, src/worker.ts) to plain JavaScript in dist-server/
// (issue 15 item 13), so that production runs it in one Node process with no TypeScript loader:
// tsx added a process, an esbuild service and about 150 MB, and seconds to every start.
//
// Each file is transpiled on its own with TypeScript's transpileModule (the sources are written for
// isolatedModules and verbatimModuleSyntax, so nothing needs the whole program), which is fast and
// leaves the types to `npm run typecheck`; `.ts` import specifiers become `.js`. The files the
// server reads beside its code at run time (the worker threads' .mjs, the judge's .py, the
// migrations) are copied to the same relative places, so every `new URL('./x', import.meta.url)`
// finds them. Tests (*.test.*) are left out.
//
// `node scripts/build-server.mjs [--if-stale]` builds; start.mjs runs it (as a child process, so TypeScript's
// memory is not kept by the server) when `serverBuildIsStale()`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverOutDir = path.join(root, 'dist-server');
/** Written last: its time is the build's, and a build cut short has none. */
const stamp = path.join(serverOutDir, '.built');
/** What the compiled server is made of, relative to src/. */
const entries = ['server', 'contract', 'worker.ts'];
/** A change to any of these makes the build stale. */
const inputs = [
  ...entries.map((entry) => path.join(root, 'src', entry)),
  path.join(root, 'tsconfig.base.json'),
  path.join(root, 'package-lock.json'),
  fileURLToPath(import.meta.url),
];

/** Newest modification time in a tree; folders count too, so a deleted file is a change. */
function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry))
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

export function serverBuildIsStale() {
  const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  return builtAt === 0 || Math.max(...inputs.map(newestMtime)) > builtAt;
}

function* filesUnder(entry) {
  if (!fs.statSync(entry).isDirectory()) {
    yield entry;
    return;
  }
  for (const child of fs.readdirSync(entry)) yield* filesUnder(path.join(entry, child));
}

export async function buildServer() {
  // Loaded here only: start.mjs never imports TypeScript itself.
  const { default: ts } = await import('typescript');
  const compilerOptions = {
    module: ts.ModuleKind.ESNext,
    target: ts.ScriptTarget.ES2022,
    verbatimModuleSyntax: true,
    rewriteRelativeImportExtensions: true,
  };
  // Built beside the old one and swapped in at the end, so a server starting meanwhile never
  // loads half a build.
  const staging = `${serverOutDir}.partial-${process.pid}`;
  // The stamp carries the time the sources were read from, so an edit made during the build
  // still counts as newer.
  const startedAt = new Date();
  fs.rmSync(staging, { recursive: true, force: true });
  for (const entry of entries) {
    for (const file of filesUnder(path.join(root, 'src', entry))) {
      if (/\.test\.[cm]?[jt]sx?$/u.test(file)) continue;
      const relative = path.relative(path.join(root, 'src'), file);
      const target = path.join(staging, relative);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      if (file.endsWith('.ts') && !file.endsWith('.d.ts')) {
        const source = fs.readFileSync(file, 'utf8');
        const { outputText } = ts.transpileModule(source, { compilerOptions, fileName: file });
        fs.writeFileSync(target.replace(/\.ts$/u, '.js'), outputText);
      } else {
        fs.copyFileSync(file, target);
      }
    }
  }
  const builtStamp = path.join(staging, '.built');
  fs.writeFileSync(builtStamp, `${startedAt.toISOString()}\n`);
  fs.utimesSync(builtStamp, startedAt, startedAt);
  fs.rmSync(serverOutDir, { recursive: true, force: true });
  fs.renameSync(staging, serverOutDir);
}

// `--if-stale`: only when a source changed (the start-up test reuses a build).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes('--if-stale') || serverBuildIsStale()) await buildServer();
}
