import { describe, expect, it } from 'vitest';
import type { ResultsSummary } from '../../../contract/results.ts';
import { rosterExportText, viewExportText } from './export-wording.ts';

const summary: ResultsSummary = {
  started: 12,
  submitted: 10,
  fullScore: 3,
  average: 50,
  median: 40,
  notStarted: 28,
  pending: 0,
};

describe('export wording', () => {
  it('names the view’s status filter and its row count', () => {
    expect(viewExportText({}, 12)).toBe('This view: 12 started');
    expect(viewExportText({ status: 'started' }, 1)).toBe('This view: 1 started');
    expect(viewExportText({ status: 'not-started' }, 28)).toBe('This view: 28 not started');
    expect(viewExportText({ status: 'all' }, 40)).toBe('This view: everyone (40)');
  });

  it('says when other filters narrow the view', () => {
    expect(viewExportText({ status: 'started', branch: 'CSE' }, 4)).toBe(
      'This view: 4 started, filtered',
    );
    expect(viewExportText({ q: 'asha' }, 1)).toBe('This view: 1 started, filtered');
    expect(viewExportText({ q: '', year: '' }, 12)).toBe('This view: 12 started');
  });

  it('counts the roster as everyone, started or not, and waits for the answer', () => {
    expect(rosterExportText(summary)).toBe('Everyone on the roster (40)');
    expect(rosterExportText(null)).toBe('Everyone on the roster (…)');
    expect(viewExportText({}, null)).toBe('This view: … started');
  });

  it('names the section whose students a roster export holds (issue 33)', () => {
    expect(rosterExportText(summary, 'A1')).toBe('Everyone in section A1');
    expect(viewExportText({ sectionId: '00000000-0000-4000-8000-00000000000a' }, 3)).toBe(
      'This view: 3 started, filtered',
    );
  });
});
