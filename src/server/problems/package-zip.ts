/**
 * Zips with yazl (the maintained zip writer beside yauzl): a package folder sent by
 * `npm run problem -- import` and the tests' packages, in memory; an exported package as a stream,
 * its big test files read from the database one at a time as the zip reaches them. Entries go
 * under one top folder, as problemtools packages are zipped, so the folder's name names the
 * problem.
 */
import { Readable } from 'node:stream';
import yazl from 'yazl';

export function zipFiles(files: ReadonlyMap<string, Buffer>, topFolder: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = zipStream(files, new Map(), topFolder, () => {
    throw new Error('no stored files here');
  });
  return new Promise((resolve, reject) => {
    out.on('data', (c: Buffer) => chunks.push(c));
    out.on('error', reject);
    out.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** `stored`: path → a key that `open` turns into the file's bytes, read only when zipped. */
export function zipStream(
  files: ReadonlyMap<string, Buffer>,
  stored: ReadonlyMap<string, string>,
  topFolder: string,
  open: (key: string) => Promise<AsyncIterable<Buffer>>,
): Readable {
  const zip = new yazl.ZipFile();
  const names = [...files.keys(), ...stored.keys()].sort((a, b) => a.localeCompare(b));
  for (const name of names) {
    const data = files.get(name);
    if (data) {
      zip.addBuffer(data, `${topFolder}/${name}`);
      continue;
    }
    const key = stored.get(name) ?? '';
    zip.addReadStreamLazy(`${topFolder}/${name}`, (cb) => {
      open(key).then(
        (chunks) => cb(null, Readable.from(chunks)),
        (err: unknown) =>
          cb(err instanceof Error ? err : new Error(String(err)), Readable.from([])),
      );
    });
  }
  zip.end();
  return zip.outputStream as Readable;
}
