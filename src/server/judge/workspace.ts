/**
 * A submission's folder on the host: the source file (and, for Java, the classes javac writes),
 * readable only by root and the box's own gid, bound into the box at /code, and always removed.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface Workspace {
  dir: string;
  /** Let the box's uid write the folder (javac's output); runs then bind it read-only. */
  allowWrites(): void;
  remove(): void;
}

const isRoot = () => process.getuid?.() === 0;

export function ensureWorkRoot(workDir: string): void {
  fs.mkdirSync(workDir, { recursive: true, mode: 0o711 });
  if (isRoot()) {
    fs.chownSync(workDir, 0, 0);
    fs.chmodSync(workDir, 0o711); // boxes may pass through, never list
  }
}

export function createWorkspace(
  workDir: string,
  uid: number | null,
  fileName: string,
  code: string,
): Workspace {
  const dir = fs.mkdtempSync(path.join(workDir, 'sub-'));
  const file = path.join(dir, fileName);
  fs.writeFileSync(file, code, { mode: 0o640 });
  if (uid !== null && isRoot()) {
    fs.chownSync(dir, 0, uid);
    fs.chownSync(file, 0, uid);
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
