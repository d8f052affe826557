import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { ROSTER_MAX_COLUMN, ROSTER_MAX_XML_RUN_BYTES } from '../../contract/roster.ts';
import {
  honestZipBomb,
  longCellWorkbook,
  lyingZipBomb,
  manyEntriesZip,
  overSharedStringsLimit,
  overUnpackedLimit,
  rawWorkbook,
  wideCellWorkbook,
  zipFile,
} from '../../../tests/api/fixtures/roster-files.ts';
import { columnMeter, inspectZip, referenceColumn } from './zip-inventory.ts';

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

  describe('cells past the last column a roster may use (issue 15 item 10)', () => {
    it('reads a reference column as the reader does', () => {
      expect(ROSTER_MAX_COLUMN).toBe(256);
      expect(referenceColumn('A1')).toBe(1);
      expect(referenceColumn('E20')).toBe(5);
      expect(referenceColumn('IV7')).toBe(256);
      expect(referenceColumn('$IV$7')).toBe(256);
      expect(referenceColumn('IW7')).toBe(257);
      expect(referenceColumn('XFD1048576')).toBeGreaterThan(256);
      expect(referenceColumn('Z'.repeat(100_000))).toBeGreaterThan(256);
    });

    it('accepts a sheet up to column IV and refuses one cell past it', async () => {
      expect((await inspectZip(wideCellWorkbook(3, 'IV'))).ok).toBe(true);
      expect(await inspectZip(wideCellWorkbook(3, 'IW'))).toEqual({
        ok: false,
        problem: 'too-wide',
      });
      expect(await inspectZip(wideCellWorkbook(20_000))).toEqual({
        ok: false,
        problem: 'too-wide',
      });
    });

    it('finds the reference whatever the attributes around it, and only in cells', async () => {
      const sheet = (cells: string) => rawWorkbook(`<row r="1">${cells}</row>`);
      for (const cell of [
        `<c s="1" t="s" r="XFD1"><v>0</v></c>`,
        `<c\n  r = 'XFD1'\t/>`,
        `<c t="x>y" r="XFD1"/>`,
      ]) {
        expect(await inspectZip(sheet(cell)), cell).toEqual({ ok: false, problem: 'too-wide' });
      }
      for (const fine of [
        `<c r="B1" t="s"><v>0</v></c><c/>`,
        `<cols><col min="1" max="16384" width="9"/></cols>`,
        `<cfRule sqref="XFD1"/><c r="IV1" xr="XFD1"/>`,
      ]) {
        expect((await inspectZip(sheet(fine))).ok, fine).toBe(true);
      }
    });

    it('reads a cell tag split anywhere across the chunks of a part', () => {
      const xml = `<row r="9"><c r="A9"/><c s="2" r="XFD9"><v>1</v></c></row>`;
      for (let cut = 0; cut <= xml.length; cut++) {
        const meter = columnMeter();
        const first = meter(Buffer.from(xml.slice(0, cut)));
        const second = meter(Buffer.from(xml.slice(cut)));
        expect(first && second, `cut at ${cut}`).toBe(false);
      }
      const fine = columnMeter();
      expect(fine(Buffer.from('<c r="IV1"/><c'))).toBe(true);
      expect(fine(Buffer.from(' r="IV2"/>'))).toBe(true);
    });
  });
});
