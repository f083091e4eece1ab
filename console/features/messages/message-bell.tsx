import { lazy, Suspense, useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@shared/ui/dialog';
import { BellIcon, UnreadBadge } from '@shared/ui/bell';
import { zh } from '@console/lib/i18n';
import { useUnreadCount } from './use-unread-count';
import './messages.css';

/** The drawer's list, loaded with the first opening (./message-drawer.tsx). */
const MessageList = lazy(() =>
  import('./message-drawer').then(({ MessageList }) => ({ default: MessageList })),
);

export interface MessageBellProps {
  /** The count the page loaded with (the session loader's), shown until the stream answers. */
  initialCount?: number | null;
}

/**
 * The header's notification bell: the unread count, kept current by the server's push (polling as a
 * fallback), and the notification drawer (70% wide side sheet) it opens. Focus returns to the bell
 * when the drawer closes.
 */
export function MessageBell({ initialCount = null }: MessageBellProps) {
  const { count, refresh } = useUnreadCount(initialCount);
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <button
          type="button"
          className="cl-bell msg-bell"
          aria-label={zh.header.unread(count ?? 0)}
          title={zh.header.messages}
          data-unread={count ?? ''}
        >
          <BellIcon />
          <UnreadBadge count={count} />
        </button>
      </DialogTrigger>
      <DialogContent className="msg-drawer" aria-describedby="message-drawer-description">
        <DialogHeader>
          <DialogTitle>{zh.messages.title}</DialogTitle>
          <DialogDescription id="message-drawer-description">{zh.messages.description}</DialogDescription>
        </DialogHeader>
        <Suspense fallback={<p>{zh.common.loading}</p>}>
          <MessageList onChanged={refresh} onNavigate={() => setOpen(false)} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
