export { StaticTable } from './StaticTable';
export type { StaticTableProps } from './StaticTable';
export { Table } from './Table';
export type { SortDirection, TableColumn, TableProps, TableSort } from './Table';
