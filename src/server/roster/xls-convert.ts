/**
 * Legacy .xls (BIFF) is converted to .xlsx out of process by Gnumeric's `ssconvert` (Debian's
 * gnumeric package, which gets Debian's security updates), in a private temporary folder, with an
 * empty environment, a time limit and an address-space cap, so a hostile file can at worst fail
 * its own conversion. The .xlsx it writes is capped in size (prlimit's file-size limit stops
 * ssconvert, and the size is checked again before the file is read into memory), then goes
 * through the same checks as an uploaded one.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROSTER_MAX_FILE_BYTES } from '../../contract/roster.ts';
import { makeOwnedFolderAsync } from '../storage/owned-folders.ts';

/** The conversion's folder in the system's temporary folder (roster-routes.ts clears leftovers). */
export const ROSTER_XLS_FOLDER = 'roster-xls';

export const SSCONVERT = '/usr/bin/ssconvert';
const PRLIMIT = '/usr/bin/prlimit';
const TIMEOUT_MS = 30_000;
const MAX_ADDRESS_SPACE = 2 * 1024 * 1024 * 1024;
/**
 * The largest .xlsx a conversion may write: Gnumeric's .xlsx of a 10 MB .xls is a few MB (its XML
 * compresses about 20 times), so twice the upload limit is far past any honest roster; what it
 * holds unpacked is then limited by the zip checks.
 */
export const MAX_CONVERTED_BYTES = 2 * ROSTER_MAX_FILE_BYTES;

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

export type XlsConversion =
  { ok: true; xlsx: Buffer } | { ok: false; reason: 'missing' | 'failed' | 'too-large' };

/** `maxOutputBytes` is a parameter for the test of the limit. */
export async function convertXlsToXlsx(
  data: Buffer,
  maxOutputBytes = MAX_CONVERTED_BYTES,
): Promise<XlsConversion> {
  if (!(await exists(SSCONVERT))) return { ok: false, reason: 'missing' };
  const dir = await makeOwnedFolderAsync(os.tmpdir(), ROSTER_XLS_FOLDER);
  try {
    const input = path.join(dir, 'in.xls');
    const output = path.join(dir, 'out.xlsx');
    await fs.writeFile(input, data);
    const convert = [SSCONVERT, '--export-type=Gnumeric_Excel:xlsx2', input, output];
    const command = (await exists(PRLIMIT))
      ? [
          PRLIMIT,
          `--as=${MAX_ADDRESS_SPACE}`,
          `--cpu=${TIMEOUT_MS / 1000}`,
          // One byte past the limit, so an output the size of the limit still completes.
          `--fsize=${maxOutputBytes + 1}`,
          ...convert,
        ]
      : convert;
    const ran = await new Promise<boolean>((resolve) => {
      execFile(
        command[0] as string,
        command.slice(1),
        { env: { PATH: '/usr/bin:/bin', HOME: dir }, cwd: dir, timeout: TIMEOUT_MS },
        (error) => resolve(error === null),
      );
    });
    const size = await fs.stat(output).then(
      (stat) => stat.size,
      () => undefined,
    );
    // Stopped by the file-size limit (or written past it without prlimit): too large, not broken.
    if (size !== undefined && size > maxOutputBytes) return { ok: false, reason: 'too-large' };
    if (!ran || size === undefined) return { ok: false, reason: 'failed' };
    return { ok: true, xlsx: await fs.readFile(output) };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
