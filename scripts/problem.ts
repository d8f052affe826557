/**
 * `npm run problem -- import <package.zip | folder> [--id CODE] [--languages python,cpp]
 *  [--replace] [--no-check]` and `npm run problem -- export <CODE> [file.zip]` (issue 14 item 7).
 *
 * Talks to the running portal's API (the dashboard's own calls), so it works with either database
 * while the server runs: PORTAL_URL (default http://127.0.0.1:$PORT, PORT from .env or 3000) and
 * an administrator's PORTAL_ADMIN_EMAIL / PORTAL_ADMIN_PASSWORD (default: ADMIN_EMAIL /
 * ADMIN_PASSWORD, the first administrator's). A folder is zipped in memory first.
 * Exit code: 0 when the package imported and every checked submission agrees, 1 when one does not,
 * 2 when the import itself failed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  PROBLEM_PACKAGE_FIELD,
  problemExportPath,
  problemImportPath,
  problemImportResponseSchema,
  selfCheckPath,
  selfCheckProgressSchema,
  type SelfCheckProgress,
} from '../src/contract/problems.ts';
import { readPackageFolder } from '../src/server/problems/package-folder.ts';
import { zipFiles } from '../src/server/problems/package-zip.ts';

if (fs.existsSync('.env')) process.loadEnvFile('.env');

const USAGE = `Usage:
  npm run problem -- import <package.zip | folder> [--id CODE] [--languages python,cpp] [--replace] [--no-check]
  npm run problem -- export <CODE> [file.zip]`;

class CliError extends Error {}

const serverUrl = () =>
  (process.env.PORTAL_URL ?? `http://127.0.0.1:${process.env.PORT ?? '3000'}`).replace(/\/$/u, '');

async function signIn(base: string): Promise<string> {
  const email = process.env.PORTAL_ADMIN_EMAIL ?? process.env.ADMIN_EMAIL;
  const password = process.env.PORTAL_ADMIN_PASSWORD ?? process.env.ADMIN_PASSWORD;
  if (!email || !password)
    throw new CliError(
      'Set PORTAL_ADMIN_EMAIL and PORTAL_ADMIN_PASSWORD (an administrator of the portal) to import or export.',
    );
  let res: Response;
  try {
    res = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
  } catch {
    throw new CliError(
      `The portal does not answer at ${base}: start it (npm start) or set PORTAL_URL.`,
    );
  }
  const body = (await res.json().catch(() => ({}))) as { token?: string; message?: string };
  if (!res.ok || !body.token) throw new CliError(`Sign-in failed: ${body.message ?? res.status}`);
  return body.token;
}

async function packageZip(source: string): Promise<{ name: string; data: Buffer }> {
  if (!fs.existsSync(source)) throw new CliError(`${source} does not exist.`);
  if (fs.statSync(source).isDirectory()) {
    const { files, shortName } = readPackageFolder(source);
    return { name: `${shortName}.zip`, data: await zipFiles(files, shortName) };
  }
  return { name: path.basename(source), data: fs.readFileSync(source) };
}

async function importPackage(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      id: { type: 'string' },
      languages: { type: 'string' },
      replace: { type: 'boolean', default: false },
      'no-check': { type: 'boolean', default: false },
    },
  });
  const [source] = positionals;
  if (!source) throw new CliError(USAGE);
  const base = serverUrl();
  const zip = await packageZip(source);
  const token = await signIn(base);
  const form = new FormData();
  if (values.id) form.append('challengeId', values.id);
  if (values.languages) form.append('languages', values.languages);
  form.append('replace', String(values.replace));
  form.append('selfCheck', String(!values['no-check']));
  form.append(PROBLEM_PACKAGE_FIELD, new Blob([new Uint8Array(zip.data)]), zip.name);
  console.log(
    `Importing ${zip.name} into ${base}${values['no-check'] ? '' : ' and judging its submissions'}...`,
  );
  const res = await fetch(base + problemImportPath, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body: unknown = await res.json().catch(() => ({}));
  if (!res.ok) throw new CliError((body as { message?: string }).message ?? `HTTP ${res.status}`);
  const answer = problemImportResponseSchema.parse(body);
  const { challengeId, challengeName, testCaseCount } = answer.challenge;
  console.log(
    `${answer.replaced ? 'Replaced' : 'Created'} challenge ${challengeId} "${challengeName}" with ${testCaseCount} tests.`,
  );
  // Each warning says itself what was left out and why.
  for (const warning of answer.warnings) console.log(`  ${warning}`);
  if (answer.selfCheckId === null) return 0;
  const progress = await followSelfCheck(base, token, answer.selfCheckId, answer.selfCheckTotal);
  if (progress.status === 'interrupted')
    throw new CliError('The self-check stopped before the end (the server restarted).');
  const rows = progress.rows;
  const width = Math.max(...rows.map((r) => r.path.length));
  for (const row of rows)
    console.log(
      `  ${row.agrees ? 'ok  ' : 'DIFF'} ${row.path.padEnd(width)}  expected ${row.expected}, got ${row.got} (${row.score})${row.files ? ` [${row.files.join(' ')}]` : ''}${row.message ? `: ${row.message.split('\n')[0]}` : ''}`,
    );
  const agree = rows.filter((r) => r.agrees).length;
  console.log(`${agree} of ${rows.length} submissions agree with the package.`);
  return agree === rows.length ? 0 : 1;
}

/** Polls the self-check the import started until it is over, saying how far it got. */
async function followSelfCheck(
  base: string,
  token: string,
  id: string,
  total: number,
): Promise<SelfCheckProgress> {
  let said = -1;
  for (;;) {
    const res = await fetch(base + selfCheckPath(id), {
      headers: { authorization: `Bearer ${token}` },
    });
    const body: unknown = await res.json().catch(() => ({}));
    if (!res.ok) throw new CliError((body as { message?: string }).message ?? `HTTP ${res.status}`);
    const progress = selfCheckProgressSchema.parse(body);
    if (progress.status !== 'running') return progress;
    if (progress.rows.length !== said) {
      said = progress.rows.length;
      console.log(`  judged ${said} of ${total}...`);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function exportPackage(args: string[]): Promise<number> {
  const [code, file] = args;
  if (!code) throw new CliError(USAGE);
  const base = serverUrl();
  const token = await signIn(base);
  const res = await fetch(base + problemExportPath(code), {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new CliError(body.message ?? `HTTP ${res.status}`);
  }
  const out = file ?? `${code}.zip`;
  fs.writeFileSync(out, Buffer.from(await res.arrayBuffer()));
  console.log(`Wrote ${out}.`);
  return 0;
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'import') return importPackage(rest);
  if (command === 'export') return exportPackage(rest);
  throw new CliError(USAGE);
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof CliError || err instanceof TypeError ? err.message : err);
    process.exit(2);
  },
);
