/**
 * The headers the judge lends to C and C++ checkers and interactors (validator-include/): the
 * validate.h interface of Kattis and DOMjudge validators, which packages such as DOMjudge's
 * boolfind include without shipping it. A header a package ships itself is inlined by the import
 * and wins; this folder is only searched for the ones it lacks (`-I`, after the source's own
 * folder).
 *
 * The compile box reads them from a copy under `<workDir>/checkers/include-<hash>`, owned by root
 * and readable by every box like the compiled checkers beside it: the source tree may not be
 * readable by a box's uid. The hash of the headers is part of a compiled checker's key, so a
 * changed header recompiles the checkers built against the old one.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JudgeLanguage } from '../../contract/verdicts.ts';

const SOURCE = fileURLToPath(new URL('./validator-include/', import.meta.url));
/** Where the compile box sees the headers. */
export const VALIDATOR_HEADERS_IN_BOX = '/judge-include';

/** The languages whose compiler is given the headers. */
export const takesValidatorHeaders = (language: JudgeLanguage) =>
  language === 'c' || language === 'cpp';

let headers: { name: string; text: Buffer }[] | undefined;
let digest: string | undefined;

function read(): { name: string; text: Buffer }[] {
  headers ??= fs
    .readdirSync(SOURCE)
    .sort()
    .map((name) => ({ name, text: fs.readFileSync(path.join(SOURCE, name)) }));
  return headers;
}

/** A short hash of every header: part of a compiled checker's key. */
export function validatorHeadersHash(): string {
  if (!digest) {
    const hash = createHash('sha256');
    for (const { name, text } of read()) hash.update(name).update('\0').update(text).update('\0');
    digest = hash.digest('hex').slice(0, 16);
  }
  return digest;
}

/**
 * The host folder holding the headers for the compile box, made once under `checkersRoot` (a
 * root-owned folder the boxes may pass through). Made beside its place and renamed into it, so a
 * compile never sees half of it; another process may have put it there first.
 */
export function validatorHeadersDir(checkersRoot: string): string {
  const dir = path.join(checkersRoot, `include-${validatorHeadersHash()}`);
  if (fs.existsSync(dir)) return dir;
  const staging = `${dir}.partial-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging);
  for (const { name, text } of read()) {
    fs.writeFileSync(path.join(staging, name), text);
    fs.chmodSync(path.join(staging, name), 0o644);
  }
  // Modes by chmod: the process's umask (077) applies to mkdir and writeFile.
  fs.chmodSync(staging, 0o755);
  try {
    fs.renameSync(staging, dir);
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw err;
  }
  return dir;
}
