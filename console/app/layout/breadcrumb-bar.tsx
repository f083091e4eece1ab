import { Link } from 'react-router';
import { zh } from '@console/lib/i18n';
import type { Crumb } from '../menu';

export function BreadcrumbBar({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav className="cl-breadcrumb" aria-label={zh.breadcrumb.label}>
      <ol role="list">
        {crumbs.map((crumb, index) => {
          const isLast = index === crumbs.length - 1;
          if (isLast) {
            return (
              <li key={index} aria-current="page">
                {crumb.label}
              </li>
            );
          }
          // The hall title leads out of the console: a full page load, not a console route.
          const link =
            crumb.href === '/' ? (
              <a href="/">{crumb.label}</a>
            ) : crumb.href ? (
              <Link to={crumb.href}>{crumb.label}</Link>
            ) : (
              <span>{crumb.label}</span>
            );
          return <li key={index}>{link}</li>;
        })}
      </ol>
    </nav>
  );
}
