import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { openXlsxWorkbook, stopXlsxWriter, type XlsxRow } from './xlsx-writer-thread.ts';

async function readBack(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(bytes).buffer);
  return workbook;
}

const sheets = [
  { name: 'Results', header: ['Name', 'Score', 'Submitted at'], widths: [28, 8, 20] },
  { name: 'Tests', header: ['Name', 'test1'] },
];

// The worker thread loads exceljs on its first workbook: about half a second, more when busy.
describe('openXlsxWorkbook', { timeout: 30_000 }, () => {
  afterAll(() => stopXlsxWriter());

  it('writes every sheet in order with a bold frozen header, widths, rows and date-time cells', async () => {
    const out = new PassThrough();
    const bytes = buffer(out);
    const workbook = openXlsxWorkbook(out, sheets);
    const at = new Date(Date.UTC(2026, 10, 29, 9, 30));
    // More batches than the worker takes ahead, so addRows waits for it.
    for (let page = 0; page < 5; page++) {
      const rows: XlsxRow[] = [];
      for (let i = 0; i < 100; i++) {
        const n = page * 100 + i;
        rows.push([0, [`Student ${n}`, n, n === 0 ? at : null]]);
        rows.push([1, [`Student ${n}`, 'AC']]);
      }
      await workbook.addRows(rows);
    }
    await workbook.end();
    const read = await readBack(await bytes);

    expect(read.worksheets.map((s) => s.name)).toEqual(['Results', 'Tests']);
    const results = read.getWorksheet('Results');
    const tests = read.getWorksheet('Tests');
    expect(results?.rowCount).toBe(501);
    expect(tests?.rowCount).toBe(501);
    expect(results?.getRow(1).values).toEqual([undefined, 'Name', 'Score', 'Submitted at']);
    expect(results?.getRow(1).font?.bold).toBe(true);
    expect(results?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(results?.getColumn(1).width).toBe(28);
    expect(results?.getCell('A501').value).toBe('Student 499');
    expect(results?.getCell('B501').value).toBe(499);
    expect(results?.getCell('C2').value).toEqual(at);
    expect(results?.getCell('C2').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(results?.getCell('C3').value).toBeNull();
    expect(tests?.getCell('B501').value).toBe('AC');
  });

  it('keeps workbooks written at the same time apart', async () => {
    const write = async (label: string) => {
      const out = new PassThrough();
      const bytes = buffer(out);
      const workbook = openXlsxWorkbook(out, [{ name: label, header: ['Who'] }]);
      for (let i = 0; i < 3; i++) await workbook.addRows([[0, [`${label} ${i}`]]]);
      await workbook.end();
      return readBack(await bytes);
    };
    const [a, b] = await Promise.all([write('A'), write('B')]);
    expect(a.worksheets[0]?.getColumn(1).values).toEqual([undefined, 'Who', 'A 0', 'A 1', 'A 2']);
    expect(b.worksheets[0]?.getColumn(1).values).toEqual([undefined, 'Who', 'B 0', 'B 1', 'B 2']);
  });

  it('fails the export when the worker cannot write a row, and writes the next one', async () => {
    const out = new PassThrough();
    out.resume();
    const workbook = openXlsxWorkbook(out, [{ name: 'Only', header: ['Who'] }]);
    // A row for a sheet the workbook does not have.
    const failing = (async () => {
      await workbook.addRows([[3, ['nobody']]]);
      await workbook.addRows([[0, ['somebody']]]);
      await workbook.end();
    })();
    await expect(failing).rejects.toThrow(/the \.xlsx writer failed/);

    const next = new PassThrough();
    const bytes = buffer(next);
    const again = openXlsxWorkbook(next, [{ name: 'Only', header: ['Who'] }]);
    await again.addRows([[0, ['somebody']]]);
    await again.end();
    expect((await readBack(await bytes)).worksheets[0]?.rowCount).toBe(2);
  });

  it('fails a workbook whose worker died, and starts a new worker for the next', async () => {
    const out = new PassThrough();
    out.resume();
    const workbook = openXlsxWorkbook(out, [{ name: 'Only', header: ['Who'] }]);
    await stopXlsxWriter();
    await expect(
      (async () => {
        await workbook.addRows([[0, ['somebody']]]);
        await workbook.addRows([[0, ['somebody else']]]);
        await workbook.end();
      })(),
    ).rejects.toThrow(/the \.xlsx writer (stopped|failed)/);

    const next = new PassThrough();
    const bytes = buffer(next);
    const again = openXlsxWorkbook(next, [{ name: 'Only', header: ['Who'] }]);
    await again.addRows([[0, ['somebody']]]);
    await again.end();
    expect((await readBack(await bytes)).worksheets[0]?.rowCount).toBe(2);
  });
});
