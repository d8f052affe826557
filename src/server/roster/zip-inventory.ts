/**
 * Zip-bomb defence for .xlsx, run before exceljs sees a byte. It reads the zip's central
 * directory (entry count, declared sizes, names), requires every entry to sit back to back from
 * the start of the file to the directory (so no local entry hides outside it, which a streaming
 * reader would still inflate), then inflates each entry into a counter, stopping as soon as one
 * produces more than it declared. Nothing inflated is kept.
 *
 * The reader's memory is bounded here too (issue 15 item 10): the shared strings, which exceljs
 * holds whole, have their own size limit, and while an XML part is inflated the longest run of
 * bytes without '<' or '>' is measured, since the XML parser builds each text or tag as one
 * string: one 190 MB cell once took the server to 1.4 GB.
 *
 * A cell's column is read from its reference too (`<c r="XFD7">`), and a part with a cell past
 * ROSTER_MAX_COLUMN is refused: the reader's cost per row grows with the column, not with the
 * bytes (one short cell in column XFD on every row, all pointing at one long shared string).
 *
 * Written here because no maintained zip reader is a dependency (yauzl would do the directory
 * part; exceljs's unzipper and jszip are internal to it and do not check these limits).
 */
import zlib from 'node:zlib';
import {
  ROSTER_MAX_COLUMN,
  ROSTER_MAX_SHARED_STRINGS_BYTES,
  ROSTER_MAX_UNCOMPRESSED_BYTES,
  ROSTER_MAX_XML_RUN_BYTES,
  ROSTER_MAX_ZIP_ENTRIES,
} from '../../contract/roster.ts';

export type ZipEntry = {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
};

/**
 * 'too-much-text': the shared strings or one run of XML text are past their limits; 'too-wide':
 * a cell is past ROSTER_MAX_COLUMN.
 */
export type ZipProblem =
  'not-zip' | 'too-large' | 'too-much-text' | 'too-wide' | 'encrypted' | 'unreadable';
export type ZipInventory = { ok: true; entries: ZipEntry[] } | { ok: false; problem: ZipProblem };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const MAX_COMMENT = 0xffff;
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const LT = 0x3c;
const GT = 0x3e;

/**
 * The parts exceljs may parse as XML (it finds worksheets by a pattern holding '.xml'); pictures
 * and other binary parts are skipped, unread, and may hold anything.
 */
const isXmlPart = (name: string) => name.includes('.xml') || name.endsWith('.rels');

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
    if (entry.name === SHARED_STRINGS && entry.uncompressedSize > ROSTER_MAX_SHARED_STRINGS_BYTES)
      return { ok: false, problem: 'too-much-text' };
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

/** Counts the bytes since the last '<' or '>' across the chunks of one part. */
function runMeter() {
  let run = 0;
  return (chunk: Buffer): boolean => {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte === LT || byte === GT) run = 0;
      else if (++run > ROSTER_MAX_XML_RUN_BYTES) return false;
    }
    return true;
  };
}

/**
 * The column of a cell reference as exceljs reads it (utils/col-cache.js decodeAddress): the
 * capital letters before the first digit, whatever else stands between them ('$', or anything).
 * Stops counting once past `max`, so a reference of any length costs nothing more.
 */
export function referenceColumn(ref: string, max = ROSTER_MAX_COLUMN): number {
  let column = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code >= 0x30 && code <= 0x39) break;
    if (code >= 0x41 && code <= 0x5a) {
      column = column * 26 + code - 0x40;
      if (column > max) return column;
    }
  }
  return column;
}

const isSpace = (ch: string | undefined) => ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r';

/**
 * The cell tag `<c ...>` whose attributes start at `at` in `text`: its reference (undefined when
 * it has none), and where the tag ends; 'incomplete' when the text ends inside it; undefined when
 * this is not a cell tag after all (`<col>`, `<cfRule>`) or its attributes are not well-formed
 * (the reader refuses those itself).
 */
function readCellTag(
  text: string,
  at: number,
): { ref: string | undefined; end: number } | 'incomplete' | undefined {
  let i = at;
  if (i >= text.length) return 'incomplete';
  if (!isSpace(text[i]) && text[i] !== '>' && text[i] !== '/') return undefined;
  let ref: string | undefined;
  for (;;) {
    while (isSpace(text[i])) i++;
    if (i >= text.length) return 'incomplete';
    if (text[i] === '>' || text[i] === '/') return { ref, end: i + 1 };
    const nameStart = i;
    while (i < text.length && !isSpace(text[i]) && !'=>/'.includes(text[i] ?? '')) i++;
    const name = text.slice(nameStart, i);
    while (isSpace(text[i])) i++;
    if (i >= text.length) return 'incomplete';
    if (text[i] !== '=') return undefined;
    i++;
    while (isSpace(text[i])) i++;
    if (i >= text.length) return 'incomplete';
    const quote = text[i];
    if (quote !== '"' && quote !== "'") return undefined;
    const close = text.indexOf(quote, i + 1);
    if (close < 0) return 'incomplete';
    if (name === 'r') ref = text.slice(i + 1, close);
    i = close + 1;
  }
}

/**
 * Reads the cell references across the chunks of one XML part: false as soon as one is past
 * ROSTER_MAX_COLUMN (or a cell tag is longer than any XML run may be, which the run meter would
 * not see when its attributes hold '<' or '>').
 */
export function columnMeter() {
  let carry = '';
  return (chunk: Buffer): boolean => {
    // latin1: one character per byte; the markup and references looked at are ASCII.
    const text = carry + chunk.toString('latin1');
    carry = '';
    let at = 0;
    for (;;) {
      const start = text.indexOf('<c', at);
      if (start < 0) {
        if (text.endsWith('<')) carry = '<';
        return true;
      }
      const tag = readCellTag(text, start + 2);
      if (tag === 'incomplete') {
        carry = text.slice(start);
        return carry.length <= ROSTER_MAX_XML_RUN_BYTES;
      }
      if (tag === undefined) {
        at = start + 2;
        continue;
      }
      if (tag.ref !== undefined && referenceColumn(tag.ref) > ROSTER_MAX_COLUMN) return false;
      at = tag.end;
    }
  };
}

type Check = 'ok' | 'over' | 'long-run' | 'wide' | 'bad';

/** The run and column meters of an XML part, together; a binary part is not looked into. */
function xmlMeter(xml: boolean): (chunk: Buffer) => Check {
  if (!xml) return () => 'ok';
  const withinRun = runMeter();
  const withinColumns = columnMeter();
  return (chunk) => (!withinRun(chunk) ? 'long-run' : !withinColumns(chunk) ? 'wide' : 'ok');
}

/**
 * Inflates into a counter, stopping as soon as the output passes what the entry declared or, in
 * an XML part, a run without markup or a cell's column passes its limit.
 */
function inflateCheck(data: Buffer, declared: number, xml: boolean): Promise<Check> {
  return new Promise((resolve) => {
    const inflate = zlib.createInflateRaw();
    const meter = xmlMeter(xml);
    let produced = 0;
    inflate.on('data', (chunk: Buffer) => {
      produced += chunk.length;
      const check = produced > declared ? 'over' : meter(chunk);
      if (check !== 'ok') {
        inflate.destroy();
        resolve(check);
      }
    });
    inflate.on('error', () => resolve('bad'));
    inflate.on('end', () => resolve(produced === declared ? 'ok' : 'bad'));
    inflate.end(data);
  });
}

const problemOf: Record<Exclude<Check, 'ok'>, ZipProblem> = {
  over: 'too-large',
  'long-run': 'too-much-text',
  wide: 'too-wide',
  bad: 'unreadable',
};

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
    const xml = isXmlPart(entry.name);
    const check: Check =
      entry.method === 0
        ? entry.compressedSize !== entry.uncompressedSize
          ? 'bad'
          : xmlMeter(xml)(data)
        : await inflateCheck(data, entry.uncompressedSize, xml);
    if (check !== 'ok') return { ok: false, problem: problemOf[check] };
  }
  return directory;
}
