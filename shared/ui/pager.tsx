import { Button } from './button';
import { uiTexts as zh } from './texts';
import './pager.css';

/** The page sizes a list may offer; the first is the default. */
export const PAGE_SIZES = [10, 20, 50] as const;

/** `value` (a URL parameter, say) when it is one of PAGE_SIZES, else the default. */
export function pageSizeOf(value: unknown): number {
  return PAGE_SIZES.find((size) => size === Number(value)) ?? PAGE_SIZES[0];
}

export interface PagerProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Given, the pager offers PAGE_SIZES to choose from. */
  onPageSizeChange?: (pageSize: number) => void;
  /** The navigation's accessible name, e.g. '消息分页'. */
  label: string;
}

/**
 * Previous / next paging with the total and the position (no buttons when everything fits one page),
 * and the page size when the list lets the user choose it.
 */
export function Pager({ page, pageSize, total, onPageChange, onPageSizeChange, label }: PagerProps) {
  const texts = zh.pager;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav data-slot="pager" className="ui-pager" aria-label={label}>
      <span className="ui-pager__total">{texts.total(total)}</span>
      {onPageSizeChange ? (
        <label className="ui-pager__size">
          {texts.pageSize}
          <select
            className="ui-input ui-pager__select"
            value={pageSize}
            onChange={(event) => onPageSizeChange(Number(event.target.value))}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {pages > 1 ? (
        <>
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            {texts.previous}
          </Button>
          <span className="ui-pager__position" aria-live="polite">
            {texts.page(page, pages)}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= pages}
            onClick={() => onPageChange(page + 1)}
          >
            {texts.next}
          </Button>
        </>
      ) : null}
    </nav>
  );
}
