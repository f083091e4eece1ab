import { Button } from './button';
import { zh } from '@console/lib/i18n';
import './pager.css';

export interface PagerProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** The navigation's accessible name, e.g. '消息分页'. */
  label: string;
}

/** Previous / next paging with the total and the position; nothing when everything fits one page. */
export function Pager({ page, pageSize, total, onPageChange, label }: PagerProps) {
  const texts = zh.pager;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav data-slot="pager" className="ui-pager" aria-label={label}>
      <span className="ui-pager__total">{texts.total(total)}</span>
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
