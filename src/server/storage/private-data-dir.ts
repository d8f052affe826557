/**
 * DATA_DIR holds the embedded database (every student's email and argon2 hash, in the write-ahead
 * log as much as in the tables), the generated secrets and the mail outbox: nobody but the
 * portal's own user may read or write any of it. PGlite writes its files with mode 0666 and Node
 * creates folders 0777, both less the umask, so with the usual umask 022 an unprivileged local
 * user could read the admin's hash from the WAL and write the catalog. Every process of the portal
 * (the server, `npm run worker`, `npm run admin`, backup and restore) therefore runs with umask
 * 077 from its first line, and tightens a DATA_DIR an older release (or a copy) left looser.
 *
 * The judge's folders are another matter: its boxes run as other uids and must read what it puts
 * there, so the judge sets those modes itself with chmod (the umask does not apply to chmod).
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/** No group or other bits on anything the process creates. */
export const PRIVATE_UMASK = 0o077;

export function usePrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}

export type Tightened = { folders: number; files: number };

/**
 * Creates DATA_DIR (0700) when missing, and removes the group and other bits from every folder
 * and file under it that has any (symbolic links are left alone: their own mode means nothing,
 * and what they point to may not be ours). Returns what it changed.
 */
export async function makeDataDirPrivate(dataDir: string): Promise<Tightened> {
  const changed: Tightened = { folders: 0, files: 0 };
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  const tighten = async (entry: string): Promise<void> => {
    const stat = await fs.lstat(entry).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null; // removed meanwhile (a running PGlite's temp file)
      throw error;
    });
    if (!stat || stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) {
      await fs.chmod(entry, stat.mode & 0o700);
      if (stat.isDirectory()) changed.folders += 1;
      else changed.files += 1;
    }
    if (stat.isDirectory()) {
      // Sequential: a database folder holds a few thousand entries, a handful of ms in all.
      for (const name of await fs.readdir(entry)) await tighten(path.join(entry, name));
    }
  };
  await tighten(path.resolve(dataDir));
  return changed;
}

/** The one log line when an existing folder was looser, or null when nothing changed. */
export function describeTightened(dataDir: string, changed: Tightened): string | null {
  if (changed.folders + changed.files === 0) return null;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return (
    `DATA_DIR (${dataDir}) was readable or writable by other users: removed their access to ` +
    `${plural(changed.folders, 'folder')} (now 0700) and ${plural(changed.files, 'file')} (now 0600 or 0700).`
  );
}

/** Both at once, for the processes' start: the umask first, then the folder. */
export async function privateDataDir(
  dataDir: string,
  log: (line: string) => void,
): Promise<Tightened> {
  usePrivateUmask();
  const changed = await makeDataDirPrivate(dataDir);
  const line = describeTightened(dataDir, changed);
  if (line) log(line);
  return changed;
}
