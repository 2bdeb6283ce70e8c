import { ChevronLeftIcon, ChevronRightIcon } from '../../icons';
import { Gap, Nav, NavLabel, PageButton, PageList } from './Pagination.styles';
import { pageItems } from './pageItems';

export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  /** Total number of items. */
  total: number;
  /** Items per page. */
  limit: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark. */
  label?: string;
  className?: string;
}

export function Pagination({
  page,
  total,
  limit,
  onPageChange,
  label = 'Pagination',
  className,
}: PaginationProps) {
  const count = Math.max(1, Math.ceil(total / limit));
  const current = Math.min(Math.max(1, page), count);
  const first = total === 0 ? 0 : (current - 1) * limit + 1;
  const last = Math.min(total, current * limit);
  return (
    <Nav aria-label={label} className={className}>
      <span>{total === 0 ? 'No results' : `Showing ${first}–${last} of ${total}`}</span>
      <PageList>
        <li>
          <PageButton
            type="button"
            onClick={() => onPageChange(current - 1)}
            disabled={current <= 1}
            aria-label="Previous page"
          >
            <ChevronLeftIcon />
            <NavLabel>Previous</NavLabel>
          </PageButton>
        </li>
        {pageItems(current, count).map((item, index) =>
          item === 'gap' ? (
            <Gap key={`gap-${index}`} aria-hidden="true">
              …
            </Gap>
          ) : (
            <li key={item}>
              <PageButton
                type="button"
                onClick={() => onPageChange(item)}
                aria-current={item === current ? 'page' : undefined}
                aria-label={`Page ${item}`}
              >
                {item}
              </PageButton>
            </li>
          ),
        )}
        <li>
          <PageButton
            type="button"
            onClick={() => onPageChange(current + 1)}
            disabled={current >= count}
            aria-label="Next page"
          >
            <NavLabel>Next</NavLabel>
            <ChevronRightIcon />
          </PageButton>
        </li>
      </PageList>
    </Nav>
  );
}
