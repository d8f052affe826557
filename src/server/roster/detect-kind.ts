/**
 * What an uploaded file really is, judged by its first bytes, and what its name claims. The two
 * must agree: a PNG renamed .csv or a Word file renamed .xls is refused before any parser runs.
 */
import { decodeCsvText } from '../../contract/roster-csv.ts';

export type RosterKind = 'xlsx' | 'xls' | 'csv';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** An OLE2 file holding this stream is a password-protected .xlsx, not a legacy workbook. */
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');

export function kindFromName(fileName: string): RosterKind | undefined {
  const match = /\.(xlsx|xls|csv)$/i.exec(fileName.trim());
  return match ? (match[1]?.toLowerCase() as RosterKind) : undefined;
}

export type Content =
  | { kind: 'xlsx' }
  | { kind: 'xls'; encrypted: boolean }
  | { kind: 'csv'; text: string }
  | { kind: 'other' };

export function sniffContent(data: Buffer): Content {
  if (data.subarray(0, 4).equals(ZIP_MAGIC)) return { kind: 'xlsx' };
  if (data.subarray(0, 8).equals(OLE2_MAGIC)) {
    return { kind: 'xls', encrypted: data.includes(ENCRYPTED_PACKAGE) };
  }
  const text = decodeCsvText(data);
  return text === undefined ? { kind: 'other' } : { kind: 'csv', text };
}
