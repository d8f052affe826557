/**
 * A problem package kept as a folder (as problemtools and git keep them) read into memory: every
 * regular file under it by its relative POSIX path. Symbolic links are not followed. The command
 * line zips this for the import call; tests read fixtures with it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PROBLEM_PACKAGE_MAX_BYTES } from '../../contract/problems.ts';
import { PackageError } from './kattis-package.ts';

export function readPackageFolder(dir: string): { files: Map<string, Buffer>; shortName: string } {
  const files = new Map<string, Buffer>();
  let total = 0;
  const walk = (at: string, prefix: string) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      const name = prefix + entry.name;
      if (entry.isDirectory()) walk(full, `${name}/`);
      else if (entry.isFile()) {
        total += fs.statSync(full).size;
        if (total > PROBLEM_PACKAGE_MAX_BYTES)
          throw new PackageError('The package is larger than 256 MB', 413);
        files.set(name, fs.readFileSync(full));
      }
    }
  };
  walk(dir, '');
  return { files, shortName: path.basename(path.resolve(dir)) };
}
