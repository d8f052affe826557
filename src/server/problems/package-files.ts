/**
 * A problem package's zip read into memory for kattis-package.ts, with yauzl (the maintained zip
 * reader): only the files a package import uses, and limits checked before and while inflating
 * (entry count, each file, the whole), so a zip bomb or a 2 GB upload stops early with 413.
 * yauzl refuses absolute paths and `..` in names itself; symbolic links are skipped.
 */
import yauzl from 'yauzl';
import { PROBLEM_PACKAGE_MAX_BYTES } from '../../contract/problems.ts';
import { PackageError, type PackageFiles } from './kattis-package.ts';

const MAX_ENTRIES = 20_000;
/** The most one file may inflate to (a test's data is far smaller for now: 1 MB). */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

/** What an import reads; the rest of a package (input validators, attachments...) is skipped. */
const USED =
  /^(problem\.yaml|domjudge-problem\.ini|\.timelimit|(problem_statement|statement|data|output_validators|submissions)\/.+)$/u;

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

function open(zip: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(
      zip,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
      (err, file) => (err || !file ? reject(err ?? new Error('no zip')) : resolve(file)),
    ),
  );
}

function readEntry(file: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    file.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err ?? new Error('unreadable entry'));
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    }),
  );
}

/**
 * The package's files, relative to its root: a zip holding one folder with problem.yaml (or
 * domjudge-problem.ini) inside has that folder as root, and its name as the problem's short name.
 */
export async function filesOfZip(
  zip: Buffer,
  fileName: string,
): Promise<{ files: PackageFiles; shortName: string }> {
  let file: yauzl.ZipFile;
  try {
    file = await open(zip);
  } catch {
    throw new PackageError('The file is not a zip archive (a problem package is uploaded as .zip)');
  }
  if (file.entryCount > MAX_ENTRIES)
    throw new PackageError(`The zip holds ${file.entryCount} entries: at most ${MAX_ENTRIES}`, 413);
  const raw = new Map<string, Buffer>();
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      file.on('error', reject);
      file.on('end', () => resolve());
      file.on('entry', (entry: yauzl.Entry) => {
        void (async () => {
          const name = entry.fileName;
          const isLink = ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;
          const wanted = !name.endsWith('/') && !isLink && USED.test(name.replace(/^[^/]+\//u, ''));
          const atRoot = !name.endsWith('/') && !isLink && USED.test(name);
          if (wanted || atRoot) {
            if (entry.uncompressedSize > MAX_FILE_BYTES)
              throw new PackageError(`${name} is larger than 64 MB`, 413);
            total += entry.uncompressedSize;
            if (total > PROBLEM_PACKAGE_MAX_BYTES)
              throw new PackageError('The package unpacks to more than 256 MB', 413);
            raw.set(name, await readEntry(file, entry));
          }
          file.readEntry();
        })().catch(reject);
      });
      file.readEntry();
    });
  } catch (err) {
    if (err instanceof PackageError) throw err;
    throw new PackageError(`The zip cannot be read: ${(err as Error).message}`);
  } finally {
    file.close();
  }
  return rooted(raw, fileName.replace(/\.zip$/iu, ''));
}

/** Strips a single top folder holding the package, which then names it. */
function rooted(raw: Map<string, Buffer>, fallbackName: string) {
  const markers = ['problem.yaml', 'domjudge-problem.ini'];
  if (markers.some((m) => raw.has(m))) return { files: filterUsed(raw), shortName: fallbackName };
  const tops = new Set([...raw.keys()].map((n) => n.split('/')[0] ?? ''));
  const [top] = tops;
  if (tops.size === 1 && top && markers.some((m) => raw.has(`${top}/${m}`))) {
    const files = new Map<string, Buffer>();
    for (const [name, data] of raw) files.set(name.slice(top.length + 1), data);
    return { files: filterUsed(files), shortName: top };
  }
  return { files: filterUsed(raw), shortName: fallbackName };
}

function filterUsed(files: Map<string, Buffer>): Map<string, Buffer> {
  return new Map([...files].filter(([name]) => USED.test(name)));
}
