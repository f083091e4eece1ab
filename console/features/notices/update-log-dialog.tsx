import { lazy, Suspense, type ReactNode } from 'react';
import { Dialog, DialogContent, DialogHeader, DialogTitle, DialogTrigger } from '@shared/ui/dialog';
import { zh } from '@console/lib/i18n';
import './notices.css';

/** The list, loaded with the first opening (./update-log-list.tsx). */
const UpdateLogList = lazy(() => import('./update-log-list'));

/**
 * The header's update-log dialog (spec section 2): the newest published notices of the update-log
 * type (noticeType 3), 10 rows (section 9); a failure shows the server's message (section 8).
 * `trigger` is the header control that opens it.
 */
export function UpdateLogDialog({ trigger }: { trigger: ReactNode }) {
  return (
    <Dialog>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="nm-log-dialog">
        <DialogHeader>
          <DialogTitle>{zh.header.updateLog}</DialogTitle>
        </DialogHeader>
        {/* The dialog's content exists only while it is open: each opening reads the list anew. */}
        <Suspense fallback={<p className="nm-muted">{zh.common.loading}</p>}>
          <UpdateLogList />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
