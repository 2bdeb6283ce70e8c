import type { AriaAttributes, HTMLAttributes, ReactNode } from 'react';
import {
  Caption,
  DataCell,
  HeaderCell,
  Row,
  StyledTable,
  TableScroll,
  type Align,
} from './StaticTable.styles';

export interface TableColumn<T> {
  key: string;
  header: ReactNode;
  /** The cell's label where rows show as lists (narrow containers); defaults to a text header. */
  label?: string;
  /** Cell content; defaults to the row's value under `key`. */
  render?: (row: T) => ReactNode;
  /** Table only: the header sorts the rows. */
  sortable?: boolean;
  align?: Align;
}

/** A table of rows as they are: no states, sorting or clicks (Table adds those). */
export interface StaticTableProps<T> {
  columns: TableColumn<T>[];
  rows: readonly T[];
  getRowKey: (row: T) => string;
  /** Names the table for assistive technology; shown unless `hideCaption`. */
  caption: string;
  hideCaption?: boolean;
  className?: string;
}

/** What Table adds to the frame: its header cells, a body for its states, clickable rows. */
export interface TableFrameProps<T> extends StaticTableProps<T> {
  busy?: boolean;
  header?: (column: TableColumn<T>) => { content: ReactNode; sort?: AriaAttributes['aria-sort'] };
  /** Replaces the rows (loading, error, empty). */
  body?: ReactNode;
  /** Makes each row clickable with these handlers. */
  rowHandlers?: (
    row: T,
  ) => Pick<HTMLAttributes<HTMLTableRowElement>, 'tabIndex' | 'onClick' | 'onKeyDown'>;
}

export const labelOf = <T,>(column: TableColumn<T>) =>
  column.label ?? (typeof column.header === 'string' ? column.header : undefined);

function defaultCell<T>(row: T, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

/** One cell of each column, as every row of the table lays them out. */
export function Cells<T>({
  columns,
  cell,
}: {
  columns: TableColumn<T>[];
  cell: (column: TableColumn<T>) => ReactNode;
}) {
  return columns.map((column) => (
    <DataCell
      key={column.key}
      role="cell"
      $align={column.align ?? 'start'}
      data-label={labelOf(column)}
    >
      {cell(column)}
    </DataCell>
  ));
}

export function TableFrame<T>({
  columns,
  rows,
  getRowKey,
  caption,
  hideCaption = false,
  className,
  busy,
  header = (column) => ({ content: column.header }),
  body,
  rowHandlers,
}: TableFrameProps<T>) {
  // Explicit roles: a narrow container lays rows out as lists (display: block), and browsers drop a
  // table's implicit roles when its parts stop displaying as table parts.
  return (
    <TableScroll className={className} role="region" aria-label={caption} tabIndex={0}>
      <StyledTable role="table" aria-busy={busy || undefined}>
        <Caption $hidden={hideCaption}>{caption}</Caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => {
              const { content, sort } = header(column);
              return (
                <HeaderCell
                  key={column.key}
                  role="columnheader"
                  scope="col"
                  $align={column.align ?? 'start'}
                  aria-sort={sort}
                >
                  {content}
                </HeaderCell>
              );
            })}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {body ??
            rows.map((row) => (
              <Row
                key={getRowKey(row)}
                role="row"
                $clickable={!!rowHandlers}
                {...rowHandlers?.(row)}
              >
                <Cells
                  columns={columns}
                  cell={(column) =>
                    column.render ? column.render(row) : defaultCell(row, column.key)
                  }
                />
              </Row>
            ))}
        </tbody>
      </StyledTable>
    </TableScroll>
  );
}

/** A table that only shows its rows: what a page without loading, errors or sorting needs. */
export function StaticTable<T>(props: StaticTableProps<T>) {
  return <TableFrame {...props} />;
}
