/**
 * Legacy .xls (BIFF) is converted to .xlsx out of process by Gnumeric's `ssconvert` (Debian's
 * gnumeric package, which gets Debian's security updates), in a private temporary folder, with an
 * empty environment, a time limit and an address-space cap, so a hostile file can at worst fail
 * its own conversion. The .xlsx then goes through the same checks as an uploaded one.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const SSCONVERT = '/usr/bin/ssconvert';
const PRLIMIT = '/usr/bin/prlimit';
const TIMEOUT_MS = 30_000;
const MAX_ADDRESS_SPACE = 2 * 1024 * 1024 * 1024;

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

export type XlsConversion =
  { ok: true; xlsx: Buffer } | { ok: false; reason: 'missing' | 'failed' };

export async function convertXlsToXlsx(data: Buffer): Promise<XlsConversion> {
  if (!(await exists(SSCONVERT))) return { ok: false, reason: 'missing' };
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'roster-xls-'));
  try {
    const input = path.join(dir, 'in.xls');
    const output = path.join(dir, 'out.xlsx');
    await fs.writeFile(input, data);
    const convert = [SSCONVERT, '--export-type=Gnumeric_Excel:xlsx2', input, output];
    const command = (await exists(PRLIMIT))
      ? [PRLIMIT, `--as=${MAX_ADDRESS_SPACE}`, `--cpu=${TIMEOUT_MS / 1000}`, ...convert]
      : convert;
    const ran = await new Promise<boolean>((resolve) => {
      execFile(
        command[0] as string,
        command.slice(1),
        { env: { PATH: '/usr/bin:/bin', HOME: dir }, cwd: dir, timeout: TIMEOUT_MS },
        (error) => resolve(error === null),
      );
    });
    if (!ran || !(await exists(output))) return { ok: false, reason: 'failed' };
    return { ok: true, xlsx: await fs.readFile(output) };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
