import { describe, expect, it } from 'vitest';
import { csvDataRowCount, csvRows } from './csv-rows.ts';

describe('a CSV roster’s rows', () => {
  it('numbers the records as a spreadsheet shows them, a quoted line break inside one', () => {
    const rows = [...csvRows('Name,Email\n"Asha\nR",a@x.test\nBo,b@x.test\n')];
    expect(rows.map((r) => r.row)).toEqual([1, 2, 3]);
    expect(rows[1]?.cells).toEqual(['Asha\nR', 'a@x.test']);
  });

  it('counts the rows after the header as the import does: blank ones and the header are not', () => {
    expect(csvDataRowCount('\n,\nName,Email\nA,a@x.test\n\n , \nB,b@x.test\nbad row\n')).toBe(3);
    expect(csvDataRowCount('Name;Email\n')).toBe(0);
  });

  it('counts nothing for a file whose first row is not a roster header', () => {
    expect(csvDataRowCount('Student,Mail\nA,a@x.test\n')).toBeNull();
    expect(csvDataRowCount('')).toBeNull();
  });
});
