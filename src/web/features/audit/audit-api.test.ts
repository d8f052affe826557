/** The Audit log view's query string: the filters used, the course among them, nothing empty. */
import { describe, expect, it } from 'vitest';
import { auditSearch, NO_AUDIT_FILTERS } from './audit-api.ts';

describe('auditSearch', () => {
  it('sends no filter left empty', () => {
    expect(auditSearch(NO_AUDIT_FILTERS)).toBe('');
  });

  it('sends the course chosen beside the other filters and the page', () => {
    const courseId = '00000000-0000-4000-8000-000000000001';
    const search = new URLSearchParams(
      auditSearch({ ...NO_AUDIT_FILTERS, action: 'exam.write', courseId }, { limit: 50 }),
    );
    expect(Object.fromEntries(search)).toEqual({ action: 'exam.write', courseId, limit: '50' });
  });
});
