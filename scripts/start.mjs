#!/usr/bin/env node
// `npm start`: builds what is stale (the web app into dist/, the server into dist-server/), then
// runs the compiled server in this same process, so `npm start` is npm, its shell and one Node
// process (issue 15 item 13). `node scripts/start.mjs worker` (`npm run worker`) does the same for
// the judge worker, without the web app. The server handles SIGTERM and SIGINT itself.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serverBuildIsStale, serverOutDir } from './build-server.mjs';

const bin = (name) => path.join('node_modules', '.bin', name);
const worker = process.argv[2] === 'worker';

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry))
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** Builds run as child processes: their memory (vite, TypeScript) is not kept by the server. */
function run(command, args) {
  const build = spawnSync(command, args, { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const built = path.join('dist', 'index.html');
const sources = [
  'index.html',
  'vite.config.ts',
  'public',
  'src/web',
  'src/contract',
  'sw',
  'package-lock.json',
];
const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
// A server told to serve another folder (STATIC_DIR) has no use for dist/.
const servesDist = path.resolve(process.env.STATIC_DIR ?? 'dist') === path.resolve('dist');
const webStale = builtAt === 0 || Math.max(...sources.map(newestMtime)) > builtAt;
if (!worker && servesDist && webStale) {
  console.log('Building the web app (dist/)...');
  run(bin('vite'), ['build', '--logLevel', 'warn']);
}

if (serverBuildIsStale()) {
  console.log('Building the server (dist-server/)...');
  run(process.execPath, [path.join(import.meta.dirname, 'build-server.mjs')]);
}

const entry = path.join(serverOutDir, worker ? 'worker.js' : path.join('server', 'main.js'));
await import(pathToFileURL(entry).href);
