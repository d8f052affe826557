/**
 * A problem package's zip, opened from a file on disk with yauzl (the maintained zip reader) for
 * kattis-package.ts: the small files an import uses are read into memory; a test's data above
 * PACKAGE_INLINE_TEST_BYTES (a hidden test's) or above MAX_TEST_CHARS (any) is left in the zip, to
 * be streamed into the test data store (big test data, issue 14 item 6), so a package of hundreds
 * of MB never sits in the server's memory. Limits are checked before anything is inflated (entry
 * count, each file, the whole), and yauzl checks while inflating that no entry grows past its
 * declared size, so a zip bomb stops early with 413. yauzl refuses absolute paths and `..` in
 * names itself; symbolic links are skipped.
 */
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { PROBLEM_PACKAGE_MAX_BYTES } from '../../contract/problems.ts';
import {
  MAX_TEST_CHARS,
  PACKAGE_INLINE_TEST_BYTES,
  PackageError,
  type PackageFiles,
} from './kattis-package.ts';
import {
  assertMetadataSize,
  PACKAGE_INI_MAX_BYTES,
  PACKAGE_YAML_MAX_BYTES,
} from './package-metadata.ts';

const MAX_ENTRIES = 20_000;
/** The most one file may inflate to (TEST_DATA_MAX_MB's default; the store checks the setting). */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

/** What an import reads; the rest of a package (input validators, attachments...) is skipped. */
const USED =
  /^(problem\.yaml|domjudge-problem\.ini|\.timelimit|(problem_statement|statement|data|output_validators?|submissions)\/.+)$/u;

const metadataMaxBytes = (path: string): number | undefined =>
  path === 'domjudge-problem.ini'
    ? PACKAGE_INI_MAX_BYTES
    : path === 'problem.yaml' || (path.startsWith('data/') && path.endsWith('/testdata.yaml'))
      ? PACKAGE_YAML_MAX_BYTES
      : undefined;

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

export interface PackageZip {
  /** The package's small files, relative to its root. */
  files: PackageFiles;
  /** Test data left in the zip (path → size): stream them with `open`. */
  large: ReadonlyMap<string, number>;
  /** The folder holding the package, or the zip's name: the default test code. */
  shortName: string;
  open(path: string): Promise<Readable>;
  close(): void;
}

/** Left in the zip rather than read: a hidden test's data over the inline size, or any over 1 MB. */
export const leftInZip = (path: string, size: number): boolean =>
  path.startsWith('data/') &&
  (size > MAX_TEST_CHARS || (path.startsWith('data/secret/') && size > PACKAGE_INLINE_TEST_BYTES));

function openZip(zipPath: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(
      zipPath,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (err, file) => (err || !file ? reject(err ?? new Error('no zip')) : resolve(file)),
    ),
  );
}

function entriesOf(file: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  const entries: yauzl.Entry[] = [];
  return new Promise((resolve, reject) => {
    file.on('error', reject);
    file.on('end', () => resolve(entries));
    file.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      file.readEntry();
    });
    file.readEntry();
  });
}

function streamOf(file: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    file.openReadStream(entry, (err, stream) =>
      err || !stream ? reject(err ?? new Error('unreadable entry')) : resolve(stream),
    ),
  );
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The package's files relative to its root: a zip holding one folder with problem.yaml (or
 * domjudge-problem.ini) inside has that folder as root, and its name as the problem's short name.
 */
function rootOf(names: string[], fallbackName: string): { prefix: string; shortName: string } {
  const markers = ['problem.yaml', 'domjudge-problem.ini'];
  const all = new Set(names);
  if (markers.some((m) => all.has(m))) return { prefix: '', shortName: fallbackName };
  const tops = new Set(names.map((n) => n.split('/')[0] ?? ''));
  const [top] = tops;
  if (tops.size === 1 && top && markers.some((m) => all.has(`${top}/${m}`)))
    return { prefix: `${top}/`, shortName: top };
  return { prefix: '', shortName: fallbackName };
}

export async function openPackageZip(zipPath: string, fileName: string): Promise<PackageZip> {
  let file: yauzl.ZipFile;
  try {
    file = await openZip(zipPath);
  } catch {
    throw new PackageError('The file is not a zip archive (a problem package is uploaded as .zip)');
  }
  try {
    if (file.entryCount > MAX_ENTRIES)
      throw new PackageError(
        `The zip holds ${file.entryCount} entries: at most ${MAX_ENTRIES}`,
        413,
      );
    let entries: yauzl.Entry[];
    try {
      entries = (await entriesOf(file)).filter(
        (e) =>
          !e.fileName.endsWith('/') && ((e.externalFileAttributes >>> 16) & S_IFMT) !== S_IFLNK,
      );
    } catch (err) {
      throw new PackageError(`The zip cannot be read: ${(err as Error).message}`);
    }
    const { prefix, shortName } = rootOf(
      entries.map((e) => e.fileName),
      fileName.replace(/\.zip$/iu, ''),
    );
    const used = new Map<string, yauzl.Entry>();
    let total = 0;
    for (const entry of entries) {
      if (!entry.fileName.startsWith(prefix)) continue;
      const path = entry.fileName.slice(prefix.length);
      if (!USED.test(path)) continue;
      if (entry.uncompressedSize > MAX_FILE_BYTES)
        throw new PackageError(`${path} is larger than 64 MB`, 413);
      // Metadata over its limit is refused from the zip's directory, before anything is inflated.
      const metadataMax = metadataMaxBytes(path);
      if (metadataMax !== undefined) assertMetadataSize(path, entry.uncompressedSize, metadataMax);
      total += entry.uncompressedSize;
      if (total > PROBLEM_PACKAGE_MAX_BYTES)
        throw new PackageError('The package unpacks to more than 256 MB', 413);
      used.set(path, entry);
    }
    const files = new Map<string, Buffer>();
    const large = new Map<string, number>();
    try {
      for (const [path, entry] of used) {
        if (leftInZip(path, entry.uncompressedSize)) large.set(path, entry.uncompressedSize);
        else files.set(path, await readAll(await streamOf(file, entry)));
      }
    } catch (err) {
      throw new PackageError(`The zip cannot be read: ${(err as Error).message}`);
    }
    const zip = file;
    return {
      files,
      large,
      shortName,
      open: async (path) => {
        const entry = large.has(path) ? used.get(path) : undefined;
        if (!entry) throw new Error(`${path} is not left in the zip`);
        return streamOf(zip, entry);
      },
      close: () => zip.close(),
    };
  } catch (err) {
    file.close();
    throw err;
  }
}
