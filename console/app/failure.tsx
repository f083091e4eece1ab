import { isRouteErrorResponse, useRouteError } from 'react-router';
import { toAppError } from '@shared/errors/app-error';
import { Button } from '@shared/ui/button';
import { Notice } from '@shared/ui/page';
import { zh } from '@console/lib/i18n';

function describe(error: unknown): { message: string; isSession: boolean } {
  if (isRouteErrorResponse(error))
    return { message: `${error.status} ${error.statusText}`, isSession: false };
  const appError = toAppError(error);
  return { message: appError.message, isSession: appError.code === 'unauthenticated' };
}

function FailureNotice() {
  const { message, isSession } = describe(useRouteError());
  if (isSession) return <Notice>{zh.failure.session}</Notice>;
  return (
    <Notice tone="danger">
      <span>{message}</span>
      <Button variant="secondary" size="sm" onClick={() => window.location.reload()}>
        {zh.common.retry}
      </Button>
    </Notice>
  );
}

/** The session or the menu could not be loaded: no layout to show, only the failure. */
export function ConsoleFailure() {
  return (
    <div className="cl-standalone">
      <h1 className="cl-standalone__title">{zh.failure.title}</h1>
      <FailureNotice />
      <a href="/">{zh.notFound.home}</a>
    </div>
  );
}

/** A page failed (its chunk, its data, a bug): the layout stays, the page area says so. */
export function PageFailure() {
  return <FailureNotice />;
}

/** Shown while the session loads. */
export function ConsoleLoading() {
  return (
    <div className="cl-standalone" role="status">
      <span className="cl-spinner" aria-hidden="true" />
      {zh.loading}
    </div>
  );
}
