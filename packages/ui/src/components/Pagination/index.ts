export { Pagination } from './Pagination';
export type { PaginationProps } from './Pagination';
export { pageItems, type PageItem } from './pageItems';
