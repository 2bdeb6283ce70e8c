import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { Table, type TableColumn } from './Table';

interface Row {
  id: string;
  name: string;
  count: number;
}
const rows: Row[] = [
  { id: 'a', name: 'Alpha', count: 2 },
  { id: 'b', name: 'Beta', count: 1 },
];
const columns: TableColumn<Row>[] = [
  { key: 'name', header: 'Name', sortable: true },
  { key: 'count', header: 'Count', render: (row) => `${row.count} files` },
];
const base = { columns, rows, getRowKey: (row: Row) => row.id, caption: 'Things' };

describe('Table', () => {
  it('renders rows with default and custom cells', () => {
    renderWithTheme(<Table {...base} />);
    const table = screen.getByRole('table', { name: 'Things' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('Alpha')).toBeInTheDocument();
    expect(screen.getByText('1 files')).toBeInTheDocument();
  });

  it('reports sort changes and exposes aria-sort', () => {
    const onSortChange = vi.fn();
    const { rerender } = renderWithTheme(<Table {...base} onSortChange={onSortChange} />);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Count' })).not.toHaveAttribute('aria-sort');
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(onSortChange).toHaveBeenCalledWith({ key: 'name', direction: 'ascending' });
    rerender(
      <Table
        {...base}
        sort={{ key: 'name', direction: 'ascending' }}
        onSortChange={onSortChange}
      />,
    );
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'name', direction: 'descending' });
  });

  it('shows skeleton rows while loading', () => {
    renderWithTheme(<Table {...base} loading skeletonRows={3} />);
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(3);
    expect(screen.queryByText('Alpha')).not.toBeInTheDocument();
  });

  it('shows the empty message', () => {
    renderWithTheme(<Table {...base} rows={[]} emptyMessage="No keys yet" />);
    expect(screen.getByText('No keys yet')).toBeInTheDocument();
  });

  it('shows the error with a retry button', () => {
    const onRetry = vi.fn();
    renderWithTheme(<Table {...base} error="Failed to load" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('calls onRowClick on click and on Enter', () => {
    const onRowClick = vi.fn();
    renderWithTheme(<Table {...base} onRowClick={onRowClick} />);
    fireEvent.click(screen.getByText('Beta'));
    expect(onRowClick).toHaveBeenCalledWith(rows[1]);
    fireEvent.keyDown(screen.getByText('Alpha').closest('tr')!, { key: 'Enter' });
    expect(onRowClick).toHaveBeenLastCalledWith(rows[0]);
  });
});
