import { Link, useRouteLoaderData } from 'react-router';
import { Card, PageHeader } from '@shared/ui/page';
import { buttonClass } from '@shared/ui/button';
import { zh } from '@console/lib/i18n';
import type { ShellData } from './console-shell';

/** An unknown console path, or a route whose page is not built: shown inside the layout. */
export function NotFoundPage() {
  const shell = useRouteLoaderData<ShellData>('console');
  const first = shell?.menu[0];
  const firstHref = first?.href ?? first?.children[0]?.href;
  return (
    <Card>
      <PageHeader title={zh.notFound.title} description={zh.notFound.body} />
      <p className="cl-actions">
        {firstHref && first ? (
          <Link className={buttonClass()} to={firstHref}>
            {first.href ? first.name : (first.children[0]?.name ?? first.name)}
          </Link>
        ) : null}
        <a className={buttonClass({ variant: 'secondary' })} href="/">
          {zh.notFound.home}
        </a>
      </p>
    </Card>
  );
}
