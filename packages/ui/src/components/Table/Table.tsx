import type { KeyboardEvent, ReactNode } from 'react';
import { ChevronDownIcon, ChevronUpIcon, RefreshIcon, SortIcon } from '../../icons';
import { Button } from '../Button';
import { Skeleton } from '../Skeleton';
import { Cells, TableFrame, type StaticTableProps, type TableFrameProps } from './StaticTable';
import { Row } from './StaticTable.styles';
import { ErrorMessage, MessageCell, SortButton } from './Table.styles';

export type { TableColumn } from './StaticTable';

export type SortDirection = 'ascending' | 'descending';
export interface TableSort {
  key: string;
  direction: SortDirection;
}

export interface TableProps<T> extends StaticTableProps<T> {
  /** The current sort (controlled); sortable headers call `onSortChange`. */
  sort?: TableSort;
  onSortChange?: (sort: TableSort) => void;
  loading?: boolean;
  skeletonRows?: number;
  emptyMessage?: ReactNode;
  /** An error message replaces the rows; `onRetry` adds a retry button. */
  error?: string;
  onRetry?: () => void;
  /** Makes rows clickable (mouse, Enter and Space). */
  onRowClick?: (row: T) => void;
}

/** A table of data with its states: loading, error (with retry), empty, sorting, clickable rows. */
export function Table<T>({
  sort,
  onSortChange,
  loading = false,
  skeletonRows = 5,
  emptyMessage = 'Nothing here yet',
  error,
  onRetry,
  onRowClick,
  ...frame
}: TableProps<T>) {
  const { columns } = frame;
  const toggleSort = (key: string) =>
    onSortChange?.({
      key,
      direction: sort?.key === key && sort.direction === 'ascending' ? 'descending' : 'ascending',
    });

  const message = (content: ReactNode) => (
    <tr role="row">
      <MessageCell role="cell" colSpan={columns.length}>
        {content}
      </MessageCell>
    </tr>
  );

  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: skeletonRows }, (_, i) => (
      <Row key={i} role="row" $clickable={false} data-testid="skeleton-row">
        <Cells columns={columns} cell={() => <Skeleton width={i % 2 ? '60%' : '80%'} />} />
      </Row>
    ));
  } else if (error) {
    body = message(
      <ErrorMessage role="alert">
        <span>{error}</span>
        {onRetry && (
          <Button size="sm" variant="secondary" icon={<RefreshIcon />} onClick={onRetry}>
            Retry
          </Button>
        )}
      </ErrorMessage>,
    );
  } else if (frame.rows.length === 0) {
    body = message(emptyMessage);
  }

  const header: TableFrameProps<T>['header'] = (column) => {
    if (!column.sortable) return { content: column.header };
    const direction = sort?.key === column.key ? sort.direction : undefined;
    const SortGlyph =
      direction === 'ascending' ? ChevronUpIcon : direction ? ChevronDownIcon : SortIcon;
    return {
      sort: direction ?? 'none',
      content: (
        <SortButton type="button" onClick={() => toggleSort(column.key)}>
          {column.header}
          <SortGlyph aria-hidden="true" />
        </SortButton>
      ),
    };
  };

  const rowHandlers =
    onRowClick &&
    ((row: T) => ({
      tabIndex: 0,
      onClick: () => onRowClick(row),
      onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
        if (event.target !== event.currentTarget) return;
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onRowClick(row);
        }
      },
    }));

  return (
    <TableFrame {...frame} busy={loading} header={header} body={body} rowHandlers={rowHandlers} />
  );
}
