import type { KeyboardEvent, ReactNode } from 'react';
import { ChevronDownIcon, ChevronUpIcon, RefreshIcon, SortIcon } from '../../icons';
import { Button } from '../Button';
import { Skeleton } from '../Skeleton';
import {
  Caption,
  DataCell,
  ErrorMessage,
  HeaderCell,
  MessageCell,
  Row,
  SortButton,
  StyledTable,
  TableScroll,
  type Align,
} from './Table.styles';

export interface TableColumn<T> {
  key: string;
  header: ReactNode;
  /** The cell's label where rows show as lists (narrow containers); defaults to a text header. */
  label?: string;
  /** Cell content; defaults to the row's value under `key`. */
  render?: (row: T) => ReactNode;
  sortable?: boolean;
  align?: Align;
}

export type SortDirection = 'ascending' | 'descending';
export interface TableSort {
  key: string;
  direction: SortDirection;
}

export interface TableProps<T> {
  columns: TableColumn<T>[];
  rows: readonly T[];
  getRowKey: (row: T) => string;
  /** Names the table for assistive technology; shown unless `hideCaption`. */
  caption: string;
  hideCaption?: boolean;
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
  className?: string;
}

const labelOf = <T,>(column: TableColumn<T>) =>
  column.label ?? (typeof column.header === 'string' ? column.header : undefined);

function defaultCell<T>(row: T, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

export function Table<T>({
  columns,
  rows,
  getRowKey,
  caption,
  hideCaption = false,
  sort,
  onSortChange,
  loading = false,
  skeletonRows = 5,
  emptyMessage = 'Nothing here yet',
  error,
  onRetry,
  onRowClick,
  className,
}: TableProps<T>) {
  const toggleSort = (key: string) =>
    onSortChange?.({
      key,
      direction: sort?.key === key && sort.direction === 'ascending' ? 'descending' : 'ascending',
    });

  const rowKeyDown = (row: T) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowClick?.(row);
    }
  };

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
        {columns.map((column) => (
          <DataCell
            key={column.key}
            role="cell"
            $align={column.align ?? 'start'}
            data-label={labelOf(column)}
          >
            <Skeleton width={i % 2 ? '60%' : '80%'} />
          </DataCell>
        ))}
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
  } else if (rows.length === 0) {
    body = message(emptyMessage);
  } else {
    body = rows.map((row) => (
      <Row
        key={getRowKey(row)}
        role="row"
        $clickable={!!onRowClick}
        tabIndex={onRowClick ? 0 : undefined}
        onClick={onRowClick ? () => onRowClick(row) : undefined}
        onKeyDown={onRowClick ? rowKeyDown(row) : undefined}
      >
        {columns.map((column) => (
          <DataCell
            key={column.key}
            role="cell"
            $align={column.align ?? 'start'}
            data-label={labelOf(column)}
          >
            {column.render ? column.render(row) : defaultCell(row, column.key)}
          </DataCell>
        ))}
      </Row>
    ));
  }

  // Explicit roles: a narrow container lays rows out as lists (display: block), and browsers drop a
  // table's implicit roles when its parts stop displaying as table parts.
  return (
    <TableScroll className={className} role="region" aria-label={caption} tabIndex={0}>
      <StyledTable role="table" aria-busy={loading || undefined}>
        <Caption $hidden={hideCaption}>{caption}</Caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => {
              const direction = sort?.key === column.key ? sort.direction : undefined;
              const SortGlyph =
                direction === 'ascending' ? ChevronUpIcon : direction ? ChevronDownIcon : SortIcon;
              return (
                <HeaderCell
                  key={column.key}
                  role="columnheader"
                  scope="col"
                  $align={column.align ?? 'start'}
                  aria-sort={column.sortable ? (direction ?? 'none') : undefined}
                >
                  {column.sortable ? (
                    <SortButton type="button" onClick={() => toggleSort(column.key)}>
                      {column.header}
                      <SortGlyph aria-hidden="true" />
                    </SortButton>
                  ) : (
                    column.header
                  )}
                </HeaderCell>
              );
            })}
          </tr>
        </thead>
        <tbody role="rowgroup">{body}</tbody>
      </StyledTable>
    </TableScroll>
  );
}
