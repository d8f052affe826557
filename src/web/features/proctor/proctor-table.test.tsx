import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProctorStudent, ProctorView } from '../../../contract/proctor.ts';
import { ProctorTable } from './proctor-table.tsx';

const sitting: ProctorView['sitting'] = {
  kind: 'exam',
  code: 'MID-1',
  title: 'Midterm',
  lifecycle: 'published',
  stoppedAt: null,
};
const now = Date.parse('2030-06-10T09:30:00Z');
const row: ProctorStudent = {
  userId: 'u1',
  name: 'Asha',
  email: 'asha@college.test',
  state: 'offline',
  attemptNumber: 1,
  startedAt: '2030-06-10T09:00:00.000Z',
  deadline: '2030-06-10T10:00:00.000Z',
  finishedAt: null,
  lastSeenAt: '2030-06-10T09:20:00.000Z',
  lastActivityAt: '2030-06-10T09:20:00.000Z',
  currentProblem: { challengeId: 'SUM', title: 'Sum of two', ordinal: 2 },
  submissions: 3,
  signals: { tabChanges: 2, awayMs: 65_000, pastes: 1, blockedPastes: 1, reloads: 0 },
};

function table(extra: Partial<Parameters<typeof ProctorTable>[0]> = {}) {
  return (
    <ProctorTable
      rows={[row]}
      sitting={sitting}
      now={now}
      sort={{ column: 'student', dir: 'asc' }}
      onSort={() => {}}
      {...extra}
    />
  );
}

describe('ProctorTable', () => {
  // jsdom lays nothing out: the scroll box is given a laptop's height, so rows are rendered.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
  });
  afterEach(() => vi.restoreAllMocks());

  it('counts every row for screen readers and sorts by any column', () => {
    const onSort = vi.fn();
    render(table({ onSort }));
    const grid = screen.getByRole('table', { name: 'Students of Midterm' });
    expect(grid.getAttribute('aria-rowcount')).toBe('2');
    expect(screen.getByRole('columnheader', { name: /Student/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    fireEvent.click(screen.getByRole('button', { name: /Integrity/ }));
    expect(onSort).toHaveBeenCalledWith('integrity');
  });

  it('has no actions column without actions, and one cell per row with them', () => {
    const { unmount } = render(table());
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    unmount();
    const renderActions = vi.fn((r: ProctorStudent) => (
      <button type="button">{`Extra time for ${r.name}`}</button>
    ));
    render(table({ renderActions }));
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
    const rows = screen.getAllByTestId('proctor-row');
    expect(rows).toHaveLength(1);
    expect(renderActions).toHaveBeenCalledWith(row, sitting);
    const only = within(rows[0] ?? document.body);
    expect(only.getByRole('button', { name: 'Extra time for Asha' })).toBeTruthy();
    expect(only.getByTestId('proctor-offline-since').textContent).toMatch(/^since /);
    expect(only.getByTestId('proctor-problem').textContent).toBe('Problem 2: Sum of two');
    expect(only.getByTestId('proctor-time-left').textContent).toBe('30:00');
  });

  it('renders only the rows in view of 500, each saying which row it is', () => {
    const many = Array.from({ length: 500 }, (_, i) => ({
      ...row,
      userId: `u${i}`,
      name: `Student ${i + 1}`,
    }));
    render(table({ rows: many }));
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('501');
    const rendered = screen.getAllByTestId('proctor-row');
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(40);
    expect(rendered[0]?.getAttribute('aria-rowindex')).toBe('2');
  });
});
