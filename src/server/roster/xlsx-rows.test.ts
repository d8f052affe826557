import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { ROSTER_MAX_CELL_READ } from '../../contract/roster.ts';
import { rawWorkbook } from '../../../tests/api/fixtures/roster-files.ts';
import { warmXlsxReader, xlsxRows } from './xlsx-rows.ts';

const rowsOf = async (data: Buffer) => {
  const rows: { row: number; cells: string[] }[] = [];
  for await (const row of xlsxRows(data)) rows.push(row);
  return rows;
};

// The worker thread loads exceljs on its first file: about half a second, more on a busy machine.
describe('xlsxRows', { timeout: 30_000 }, () => {
  it('reads the next file on a fresh worker when the worker died between files', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('S').addRow(['Name', 'Email']);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await rowsOf(data)).toHaveLength(1);
    // Stopped, and the file sent before its exit event has told the module.
    void warmXlsxReader().terminate();
    expect((await rowsOf(data)).map((r) => r.cells)).toEqual([['Name', 'Email']]);
    expect(await rowsOf(data)).toHaveLength(1);
  });

  it('cuts long cells in the worker, keeping what the row checks would read (issue 15 item 10)', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('S');
    const spaced = `Asha${' '.repeat(3000)}Rao`;
    const rich = {
      richText: [{ text: 'Ravi ' }, { font: { bold: true }, text: 'K'.repeat(4000) }],
    };
    sheet.addRow(['Name', 'Email']);
    sheet.addRow(['x'.repeat(5000), 'a@b.edu']);
    sheet.addRow([spaced, ` ${'b'.repeat(1500)}@b.edu `]);
    sheet.addRow([rich, { text: 'y'.repeat(3000), hyperlink: 'mailto:y@b.edu' }]);
    const rows = await rowsOf(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(rows.map((r) => r.cells.map((cell) => cell.length))).toEqual([
      [4, 5],
      [ROSTER_MAX_CELL_READ + 1, 7],
      [8, ROSTER_MAX_CELL_READ + 1],
      [ROSTER_MAX_CELL_READ + 1, ROSTER_MAX_CELL_READ + 1],
    ]);
    // Spaces collapsed as the row checks collapse them: the same name is stored.
    expect(rows[2]?.cells[0]).toBe('Asha Rao');
    expect(rows[3]?.cells[0]?.startsWith('Ravi KKK')).toBe(true);
  });

  it('cuts a long shared string once, for every cell that uses it', async () => {
    const strings = Buffer.from(
      `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>${'s'.repeat(50_000)}</t></si></sst>`,
    );
    const cells = ['A', 'B', 'XFD'].map((col) => `<c r="${col}1" t="s"><v>0</v></c>`).join('');
    const rows = await rowsOf(rawWorkbook(`<row r="1">${cells}</row>`, strings));
    const cellsRead = rows[0]?.cells ?? [];
    // Sparse like the sheet: column XFD is index 16383, with nothing stored between.
    expect(cellsRead.length).toBe(16384);
    expect(Object.keys(cellsRead)).toEqual(['0', '1', '16383']);
    expect(cellsRead[16383]?.length).toBe(ROSTER_MAX_CELL_READ + 1);
  });
});
