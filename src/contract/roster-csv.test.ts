import { describe, expect, it } from 'vitest';
import { csvRecords, decodeCsvText, detectSeparator } from './roster-csv.ts';

describe('roster CSV', () => {
  it('strips a UTF-8 BOM, falls back to Windows-1252 and refuses binary', () => {
    expect(decodeCsvText(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toBe('A');
    expect(decodeCsvText(new Uint8Array([0x4a, 0x6f, 0x73, 0xe9]))).toBe('José');
    expect(
      decodeCsvText(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a])),
    ).toBeUndefined();
  });

  it("picks ';' or tab when the first line has more of them than commas", () => {
    expect(detectSeparator('Name;Email;College, Name\r\n')).toBe(';');
    expect(detectSeparator('Name\tEmail\n')).toBe('\t');
    expect(detectSeparator('"a;b;c",d\n')).toBe(',');
  });

  it('reads quotes, doubled quotes, separators and line breaks inside quotes, CRLF and no final break', () => {
    const text = 'a,"b ""q"", c"\r\n"multi\nline",2\n\nlast,x';
    expect([...csvRecords(text, ',')]).toEqual([
      ['a', 'b "q", c'],
      ['multi\nline', '2'],
      [''],
      ['last', 'x'],
    ]);
  });
});
