import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { ROSTER_MAX_XML_RUN_BYTES } from '../../contract/roster.ts';
import {
  honestZipBomb,
  longCellWorkbook,
  lyingZipBomb,
  manyEntriesZip,
  overSharedStringsLimit,
  overUnpackedLimit,
  zipFile,
} from '../../../tests/api/fixtures/roster-files.ts';
import { inspectZip } from './zip-inventory.ts';

describe('inspectZip', () => {
  it('accepts a workbook written by exceljs and lists its parts', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('S').addRow(['Name', 'Email']);
    const result = await inspectZip(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(result.ok && result.entries.map((e) => e.name)).toContain('xl/workbook.xml');
  });

  it('refuses declared or real sizes past the limit and too many entries', async () => {
    expect(await inspectZip(honestZipBomb())).toEqual({ ok: false, problem: 'too-large' });
    expect(await inspectZip(lyingZipBomb())).toEqual({ ok: false, problem: 'too-large' });
    expect(await inspectZip(manyEntriesZip(1001))).toEqual({ ok: false, problem: 'too-large' });
  });

  it(
    'keeps what the reader must hold small: unpacked size, shared strings, one cell (issue 15 item 10)',
    { timeout: 30_000 },
    async () => {
      expect(await inspectZip(overUnpackedLimit())).toEqual({ ok: false, problem: 'too-large' });
      expect(await inspectZip(overSharedStringsLimit())).toEqual({
        ok: false,
        problem: 'too-much-text',
      });
      expect(await inspectZip(longCellWorkbook())).toEqual({ ok: false, problem: 'too-much-text' });
      // The longest run allowed passes, and so do binary parts, which are not read as XML.
      expect((await inspectZip(longCellWorkbook(ROSTER_MAX_XML_RUN_BYTES))).ok).toBe(true);
      const picture = { name: 'xl/media/image1.png', data: Buffer.alloc(1024 * 1024, 0x41) };
      expect((await inspectZip(zipFile([picture]))).ok).toBe(true);
    },
  );

  it('refuses data hidden between entries, encryption and non-zips', async () => {
    const zip = zipFile([{ name: 'a.xml', data: Buffer.from('<a/>') }]);
    const hidden = Buffer.concat([Buffer.from('junk'), zip]);
    expect(await inspectZip(hidden)).toEqual({ ok: false, problem: 'unreadable' });
    const encrypted = Buffer.from(zip);
    encrypted.writeUInt16LE(1, zip.length - 22 - (46 + 5) + 8);
    expect(await inspectZip(encrypted)).toEqual({ ok: false, problem: 'encrypted' });
    expect(await inspectZip(Buffer.from('not a zip at all, just text here'))).toEqual({
      ok: false,
      problem: 'not-zip',
    });
  });
});
