/**
 * A submission's folder on the host: its source file or files (and, for Java, the classes javac writes),
 * readable only by root and the box's own gid, bound into the box at /code, and always removed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { makeOwnedFolder, removeLeftovers } from '../storage/owned-folders.ts';

export interface Workspace {
  dir: string;
  /** Let the box's uid write the folder (javac's output); runs then bind it read-only. */
  allowWrites(): void;
  remove(): void;
}

const isRoot = () => process.getuid?.() === 0;

/** Folders of one submission, one checker run and one launcher pool's FIFOs: never kept. */
const SCRATCH_PREFIXES = ['sub', 'check', 'io'];

/**
 * Makes the root, and removes the scratch folders of judges that were killed (their runs are
 * over: the queue gives their jobs to another worker once the lease ends).
 */
export function ensureWorkRoot(workDir: string): string[] {
  fs.mkdirSync(workDir, { recursive: true, mode: 0o711 });
  if (isRoot()) {
    fs.chownSync(workDir, 0, 0);
    fs.chmodSync(workDir, 0o711); // boxes may pass through, never list
  }
  return removeLeftovers(workDir, SCRATCH_PREFIXES);
}

/**
 * Writes the submission's files (one, or several side by side: names checked by the caller,
 * languages.ts badSourceNames) into a fresh folder.
 */
export function createWorkspace(
  workDir: string,
  uid: number | null,
  files: readonly { name: string; content: string }[],
): Workspace {
  const dir = makeOwnedFolder(workDir, 'sub');
  for (const { name, content } of files) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content, { mode: 0o640, flag: 'wx' });
    fs.chmodSync(file, 0o640); // the process's umask (077) took the group's read away
    if (uid !== null && isRoot()) fs.chownSync(file, 0, uid);
  }
  if (uid !== null && isRoot()) {
    fs.chownSync(dir, 0, uid);
    fs.chmodSync(dir, 0o750);
  }
  return {
    dir,
    allowWrites() {
      if (uid !== null && isRoot()) fs.chownSync(dir, uid, uid);
    },
    remove() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
