/**
 * Temporary folders that name the process that made them (`<prefix>-<pid>-XXXXXX`), so that what a
 * killed process left behind can be told from what a running one still uses. A process removes
 * its folders itself when a job ends; after a `kill -9`, an out-of-memory kill or a power cut
 * nothing does, and a judge's submission folders and a package upload's zips piled up for ever.
 * So each owner, when it starts, removes the folders of its kind whose process is gone. Several
 * processes (a server and judge workers on one machine) may share a parent folder: a folder whose
 * process still runs is never touched, whichever process it is.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Folders of the naming before this one (`<prefix>-XXXXXX`) are removed once this old. */
const UNNAMED_AFTER_MS = 60 * 60 * 1000;

/** A new folder of `prefix` in `parent`, mode 0700, naming this process. */
export function makeOwnedFolder(parent: string, prefix: string): string {
  return fs.mkdtempSync(path.join(parent, `${prefix}-${process.pid}-`));
}

export async function makeOwnedFolderAsync(parent: string, prefix: string): Promise<string> {
  return fs.promises.mkdtemp(path.join(parent, `${prefix}-${process.pid}-`));
}

/** False only when no process has this pid (a pid reused since counts as alive: kept). */
export function processRuns(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/**
 * Removes, in `parent`, the folders of these prefixes whose process has ended, and those of the
 * older naming (no pid) last changed over an hour ago. Returns the names removed.
 */
export function removeLeftovers(
  parent: string,
  prefixes: readonly string[],
  now = Date.now(),
): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(parent);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const alternatives = prefixes.map(escape).join('|');
  const owned = new RegExp(`^(?:${alternatives})-(\\d+)-[A-Za-z0-9]{6}$`, 'u');
  const unnamed = new RegExp(`^(?:${alternatives})-[A-Za-z0-9]{6}$`, 'u');
  const removed: string[] = [];
  for (const name of names) {
    const full = path.join(parent, name);
    const pid = owned.exec(name)?.[1];
    let stale = pid !== undefined && !processRuns(Number(pid));
    if (pid === undefined && unnamed.test(name)) {
      const stat = fs.lstatSync(full, { throwIfNoEntry: false });
      stale = !!stat && stat.isDirectory() && now - stat.mtimeMs > UNNAMED_AFTER_MS;
    }
    if (!stale) continue;
    fs.rmSync(full, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
