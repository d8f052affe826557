/**
 * The kept reports of a challenge on its own and of the same challenge in exams never stand in
 * for each other: each has its own key in the cache, and the key of one exam is not another's.
 */
import { describe, expect, it } from 'vitest';
import { OWN_SITTING } from './report-queries.ts';
import { reportKey } from './similarity-reports.ts';

const EXAM_1 = '0b7a3c1e-1111-4aaa-8bbb-000000000001';
const EXAM_2 = '0b7a3c1e-1111-4aaa-8bbb-000000000002';

describe('reportKey', () => {
  it("keeps a challenge's own report apart from its report in each exam", () => {
    const keys = [
      reportKey('SIM-A', OWN_SITTING),
      reportKey('SIM-A', { kind: 'exam', sittingId: EXAM_1 }),
      reportKey('SIM-A', { kind: 'exam', sittingId: EXAM_2 }),
      reportKey('SIM-B', { kind: 'exam', sittingId: EXAM_1 }),
      reportKey('SIM-B', OWN_SITTING),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is the same key for the same challenge and scope', () => {
    expect(reportKey('SIM-A', { kind: 'exam', sittingId: EXAM_1 })).toBe(
      reportKey('SIM-A', { kind: 'exam', sittingId: EXAM_1 }),
    );
    expect(reportKey('SIM-A', OWN_SITTING)).toBe(reportKey('SIM-A', OWN_SITTING));
  });
});
