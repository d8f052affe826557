import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import {
  cellText,
  createRosterRowChecker,
  matchRosterHeader,
  normalizeHeader,
} from './roster-rows.ts';

describe('roster header', () => {
  it('matches names case- and space-insensitively and in any order', () => {
    expect(normalizeHeader(' College   Name ')).toBe('collegename');
    expect(matchRosterHeader(['EMAIL', 'x', ' name', 'collegename', 'YEAR'])).toEqual({
      email: 0,
      name: 2,
      college: 3,
      year: 4,
    });
  });
  it('needs Name and Email', () => {
    expect(matchRosterHeader(['Name', 'Mail'])).toBeUndefined();
  });
});

describe('roster rows', () => {
  const check = () => createRosterRowChecker({ name: 0, email: 1, year: 2, branch: 3, college: 4 });

  it('trims, lower-cases name and email, turns blanks into null', () => {
    expect(check()(2, ['  Asha   RAO ', ' A@B.EDU ', ' 2 ', '', '  GEC  X '])).toEqual({
      ok: true,
      record: {
        name: 'asha rao',
        email: 'a@b.edu',
        year: '2',
        branch: null,
        college: 'GEC X',
        studentNumber: null,
        section: null,
      },
    });
  });

  it('reads the optional Student ID and Section columns when the file has them', () => {
    const columns = matchRosterHeader(['Section', 'Email', 'Name', ' student id ']);
    expect(columns).toEqual({ section: 0, email: 1, name: 2, studentNumber: 3 });
    if (!columns) return;
    const verdict = createRosterRowChecker(columns)(2, [' B ', 'a@b.edu', 'Asha', ' 2026-0042 ']);
    expect(verdict).toMatchObject({
      ok: true,
      record: { section: 'B', studentNumber: '2026-0042' },
    });
  });

  it('reports every problem of a row together', () => {
    expect(check()(3, ['', 'nope', '', '', ''])).toEqual({
      ok: false,
      message: `${messages.rosterNameMissing}; ${messages.rosterEmailInvalid}`,
    });
  });

  it('names the first row of a duplicated email, in any case', () => {
    const c = check();
    expect(c(2, ['a', 'x@y.edu']).ok).toBe(true);
    expect(c(9, ['b', 'X@Y.EDU'])).toEqual({ ok: false, message: 'Same email as row 2' });
  });
});

describe('cellText', () => {
  it.each([
    [null, ''],
    [42, '42'],
    [new Date('2024-06-01T00:00:00Z'), '2024-06-01'],
    [{ richText: [{ text: 'Ab' }, { text: 'c' }] }, 'Abc'],
    [{ text: 'a@b.edu', hyperlink: 'mailto:a@b.edu' }, 'a@b.edu'],
    [{ formula: 'A1', result: 7 }, '7'],
    [{ error: '#N/A' }, '#N/A'],
  ])('reads %j as %j', (value, text) => {
    expect(cellText(value)).toBe(text);
  });
});
