export { Table } from './Table';
export type { SortDirection, TableColumn, TableProps, TableSort } from './Table';
