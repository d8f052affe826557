import { describe, expect, it } from 'vitest';
import { sectionColumnsShown, type ResultsCourse } from '../../contract/results-sections.ts';
import type { ResultsChallenge } from '../../contract/results.ts';
import { HttpError } from '../http-error.ts';
import { examExportColumns } from '../exams/exam-export-rows.ts';
import { resultsExportHeaders } from './export-rows.ts';
import { checkSection } from './section-columns.ts';

const A1 = '00000000-0000-4000-8000-0000000000a1';
const course: ResultsCourse = {
  courseId: '00000000-0000-4000-8000-000000000c01',
  code: 'CS-101',
  sections: [{ sectionId: A1, name: 'A1' }],
  hasStudentIds: false,
};
const challenge: ResultsChallenge = {
  challengeId: 'C-1',
  challengeName: 'C',
  score: 100,
  language: 'python',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  timeDur: 60,
};

describe('the section filter', () => {
  it('takes no section, or one of the course', () => {
    expect(() => checkSection(course, undefined)).not.toThrow();
    expect(() => checkSection(undefined, undefined)).not.toThrow();
    expect(() => checkSection(course, A1)).not.toThrow();
  });

  it('refuses any other section with 404, never answering as if there were no filter', () => {
    const cases: [ResultsCourse | undefined, string][] = [
      [course, '00000000-0000-4000-8000-0000000000b2'],
      [{ ...course, sections: [] }, A1],
      [undefined, A1],
    ];
    for (const [of, sectionId] of cases) {
      let thrown: unknown;
      try {
        checkSection(of, sectionId);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(HttpError);
      expect((thrown as HttpError).statusCode).toBe(404);
    }
  });

  it('shows each column only when the course has something for it', () => {
    expect(sectionColumnsShown(undefined)).toEqual({ studentId: false, section: false });
    expect(sectionColumnsShown({ ...course, sections: [] })).toEqual({
      studentId: false,
      section: false,
    });
    expect(sectionColumnsShown(course)).toEqual({ studentId: false, section: true });
    expect(sectionColumnsShown({ ...course, hasStudentIds: true }).studentId).toBe(true);
  });
});

describe('the exports’ Student ID and Section', () => {
  it('follow the table’s and the grade’s columns and precede the signal counters, whatever the challenge', () => {
    const plain = resultsExportHeaders(challenge);
    // Issue 34: the grade's columns stand right after the table's, beside the judge's score.
    expect(plain.slice(-6)).toEqual([
      'Last submission',
      'Score override',
      'Manual points',
      'Final score (of 100)',
      'Student ID',
      'Section',
    ]);
    const signals = resultsExportHeaders({ ...challenge, recordsSignals: true });
    expect(signals.slice(0, plain.length)).toEqual(plain);
    expect(signals.at(-1)).toBe('Reloads');
  });

  it('follow the totals in an exam’s export, before its counters', () => {
    const headers = examExportColumns([], 100, true).map((c) => c.header);
    const total = headers.indexOf('Total (of 100)');
    expect(headers.slice(total, total + 5)).toEqual([
      'Total (of 100)',
      'Automatic total (of 100)',
      'Student ID',
      'Section',
      'Tab changes',
    ]);
  });
});
