import { describe, expect, it } from 'vitest';
import { neutraliseCell } from './neutralise-cell.ts';

describe('neutraliseCell', () => {
  it.each(['=HYPERLINK("http://x","y")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx'])(
    'prefixes %j with a quote',
    (text) => {
      expect(neutraliseCell(text)).toBe(`'${text}`);
    },
  );

  it.each(['Asha', '', ' =not at start', "'already quoted", '1=1', 'a@b.test'])(
    'leaves %j as it is',
    (text) => {
      expect(neutraliseCell(text)).toBe(text);
    },
  );
});
