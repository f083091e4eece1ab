import type { ComponentProps, ReactNode } from 'react';
import { cx } from '@shared/ui/cx';

export interface PageHeaderProps extends Omit<ComponentProps<'header'>, 'title'> {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons for what can be done on this page now. */
  actions?: ReactNode;
}

/** The heading of a console page: its title (the page's h1), a line of context and its actions. */
export function PageHeader({ title, description, actions, className, ...props }: PageHeaderProps) {
  return (
    <header data-slot="page-header" className={cx('ui-page-header', className)} {...props}>
      <div className="ui-page-header__text">
        <h1 data-slot="page-title" className="ui-page-header__title">
          {title}
        </h1>
        {description ? (
          <p data-slot="page-description" className="ui-page-header__description">
            {description}
          </p>
        ) : null}
      </div>
      {actions ? (
        <div data-slot="page-actions" className="ui-page-header__actions">
          {actions}
        </div>
      ) : null}
    </header>
  );
}

/** A white section card on the grey page. */
export function Card({ className, ...props }: ComponentProps<'section'>) {
  return <section data-slot="card" className={cx('ui-card', className)} {...props} />;
}

/** A message in place of content: an error, an empty list, a missing page. */
export function Notice({
  tone = 'info',
  className,
  ...props
}: ComponentProps<'div'> & { tone?: 'info' | 'danger' }) {
  return (
    <div
      data-slot="notice"
      data-tone={tone}
      role={tone === 'danger' ? 'alert' : undefined}
      className={cx('ui-notice', `ui-notice--${tone}`, className)}
      {...props}
    />
  );
}
