import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, TablePager, type DataColumn } from './data-table.tsx';

type Row = { id: string; name: string; score: number };
const columns: DataColumn<Row, 'name' | 'score'>[] = [
  {
    id: 'name',
    header: 'Name',
    sortKey: 'name',
    rowHeader: true,
    cell: (r) => <a href={`#${r.id}`}>{r.name}</a>,
  },
  { id: 'score', header: 'Score', sortKey: 'score', numeric: true, cell: (r) => r.score },
  { id: 'note', header: 'Note', cell: () => 'plain' },
];
const rows: Row[] = [
  { id: 'a', name: 'Asha', score: 90 },
  { id: 'b', name: 'Bo', score: 40 },
];

function table(props: Partial<Parameters<typeof DataTable<Row, 'name' | 'score'>>[0]> = {}) {
  return (
    <DataTable
      caption="Scores"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      sort={{ column: 'score', dir: 'desc' }}
      onSort={() => {}}
      emptyText="Nobody"
      {...props}
    />
  );
}

describe('DataTable', () => {
  it('marks only the sorted column with aria-sort, and sorts through header buttons', () => {
    const onSort = vi.fn();
    render(table({ onSort }));
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.getAttribute('aria-sort'))).toEqual([null, 'descending', null]);
    // The unsortable column has no button.
    expect(within(headers[2] as HTMLElement).queryByRole('button')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSort).toHaveBeenCalledWith('name');
    expect(screen.getByRole('table', { name: 'Scores' })).toBeTruthy();
    expect(screen.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Asha', 'Bo']);
  });

  it('opens a row on a click outside its links, and leaves link clicks to the link', () => {
    const onRowClick = vi.fn();
    render(table({ onRowClick }));
    fireEvent.click(screen.getAllByText('plain')[1] as HTMLElement);
    expect(onRowClick).toHaveBeenCalledWith(rows[1]);
    onRowClick.mockClear();
    fireEvent.click(screen.getByRole('link', { name: 'Asha' }));
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('says when nothing matches, or that it is loading', () => {
    const { rerender } = render(table({ rows: [] }));
    expect(screen.getByText('Nobody')).toBeTruthy();
    rerender(table({ rows: [], busy: true }));
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('Nobody')).toBeNull();
  });
});

describe('TablePager', () => {
  it('shows the rows on screen and keeps unavailable buttons focusable but inert', () => {
    const onNext = vi.fn();
    render(<TablePager from={51} to={100} total={1234} onNext={onNext} />);
    expect(screen.getByTestId('rows-shown').textContent).toBe('Rows 51–100 of 1,234');
    const previous = screen.getByRole('button', { name: 'Previous page' });
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(previous);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onNext).toHaveBeenCalledTimes(1);
  });
});
