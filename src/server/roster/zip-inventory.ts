/**
 * Zip-bomb defence for .xlsx, run before exceljs sees a byte. It reads the zip's central
 * directory (entry count, declared sizes, names), requires every entry to sit back to back from
 * the start of the file to the directory (so no local entry hides outside it, which a streaming
 * reader would still inflate), then inflates each entry into a counter, stopping as soon as one
 * produces more than it declared. Nothing inflated is kept.
 *
 * Written here because no maintained zip reader is a dependency (yauzl would do the directory
 * part; exceljs's unzipper and jszip are internal to it and do not check these limits).
 */
import zlib from 'node:zlib';
import { ROSTER_MAX_UNCOMPRESSED_BYTES, ROSTER_MAX_ZIP_ENTRIES } from '../../contract/roster.ts';

export type ZipEntry = {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
};

export type ZipProblem = 'not-zip' | 'too-large' | 'encrypted' | 'unreadable';
export type ZipInventory = { ok: true; entries: ZipEntry[] } | { ok: false; problem: ZipProblem };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const MAX_COMMENT = 0xffff;

function findEndOfDirectory(buf: Buffer): number {
  const last = buf.length - 22;
  for (let at = last; at >= 0 && at >= last - MAX_COMMENT; at--) {
    if (buf.readUInt32LE(at) === EOCD) return at;
  }
  return -1;
}

function readDirectory(buf: Buffer): ZipInventory {
  const eocd = findEndOfDirectory(buf);
  if (eocd < 0) return { ok: false, problem: 'not-zip' };
  const count = buf.readUInt16LE(eocd + 10);
  const dirSize = buf.readUInt32LE(eocd + 12);
  const dirOffset = buf.readUInt32LE(eocd + 16);
  if (count > ROSTER_MAX_ZIP_ENTRIES) return { ok: false, problem: 'too-large' };
  // Zip64 markers or a directory outside the file: a 10 MB workbook never needs either.
  if (count === 0xffff || dirOffset + dirSize > eocd) return { ok: false, problem: 'unreadable' };

  const entries: ZipEntry[] = [];
  let total = 0;
  let at = dirOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || buf.readUInt32LE(at) !== CENTRAL) {
      return { ok: false, problem: 'unreadable' };
    }
    const nameLength = buf.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      flags: buf.readUInt16LE(at + 8),
      method: buf.readUInt16LE(at + 10),
      compressedSize: buf.readUInt32LE(at + 20),
      uncompressedSize: buf.readUInt32LE(at + 24),
      localOffset: buf.readUInt32LE(at + 42),
      name: buf.toString('utf8', at + 46, at + 46 + nameLength),
    };
    total += entry.uncompressedSize;
    if (total > ROSTER_MAX_UNCOMPRESSED_BYTES) return { ok: false, problem: 'too-large' };
    if (entry.flags & 1) return { ok: false, problem: 'encrypted' };
    if (entry.method !== 0 && entry.method !== 8) return { ok: false, problem: 'unreadable' };
    entries.push(entry);
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return { ok: true, entries };
}

/** Where each entry's compressed data starts, checking the entries tile the file exactly. */
function locateData(buf: Buffer, entries: ZipEntry[], dirOffset: number): number[] | undefined {
  const order = entries
    .map((_, i) => i)
    .sort((a, b) => {
      return (entries[a]?.localOffset ?? 0) - (entries[b]?.localOffset ?? 0);
    });
  const starts: number[] = new Array<number>(entries.length);
  let expected = 0;
  for (const index of order) {
    const entry = entries[index] as ZipEntry;
    const at = entry.localOffset;
    if (at !== expected || at + 30 > dirOffset || buf.readUInt32LE(at) !== LOCAL) return undefined;
    const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
    let end = start + entry.compressedSize;
    if (end > dirOffset) return undefined;
    if (entry.flags & 8)
      end += end + 4 <= dirOffset && buf.readUInt32LE(end) === DESCRIPTOR ? 16 : 12;
    starts[index] = start;
    expected = end;
  }
  return expected === dirOffset ? starts : undefined;
}

/** Inflates into a counter, stopping as soon as the output passes what the entry declared. */
function inflateCheck(data: Buffer, declared: number): Promise<'ok' | 'over' | 'bad'> {
  return new Promise((resolve) => {
    const inflate = zlib.createInflateRaw();
    let produced = 0;
    inflate.on('data', (chunk: Buffer) => {
      produced += chunk.length;
      if (produced > declared) {
        inflate.destroy();
        resolve('over');
      }
    });
    inflate.on('error', () => resolve('bad'));
    inflate.on('end', () => resolve(produced === declared ? 'ok' : 'bad'));
    inflate.end(data);
  });
}

export async function inspectZip(buf: Buffer): Promise<ZipInventory> {
  if (buf.length < 22) return { ok: false, problem: 'not-zip' };
  const directory = readDirectory(buf);
  if (!directory.ok) return directory;
  const eocd = findEndOfDirectory(buf);
  const starts = locateData(buf, directory.entries, buf.readUInt32LE(eocd + 16));
  if (!starts) return { ok: false, problem: 'unreadable' };
  for (const [i, entry] of directory.entries.entries()) {
    const start = starts[i] ?? 0;
    const data = buf.subarray(start, start + entry.compressedSize);
    const check =
      entry.method === 0
        ? entry.compressedSize === entry.uncompressedSize
          ? 'ok'
          : 'bad'
        : await inflateCheck(data, entry.uncompressedSize);
    if (check !== 'ok')
      return { ok: false, problem: check === 'over' ? 'too-large' : 'unreadable' };
  }
  return directory;
}
