/**
 * Files zipped in memory with yazl (the maintained zip writer beside yauzl): a package folder sent
 * by `npm run problem -- import`, and the tests' packages. Entries go under one top folder, as
 * problemtools packages are zipped, so the folder's name names the problem.
 */
import yazl from 'yazl';

export function zipFiles(files: ReadonlyMap<string, Buffer>, topFolder: string): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of [...files].sort(([a], [b]) => a.localeCompare(b)))
    zip.addBuffer(data, `${topFolder}/${name}`);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
