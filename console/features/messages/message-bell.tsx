import { useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@console/components/ui/dialog';
import { zh } from '@console/lib/i18n';
import { MessageList } from './message-drawer';
import { useUnreadCount } from './use-unread-count';
import './messages.css';

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
      />
    </svg>
  );
}

export interface MessageBellProps {
  /** The count the page loaded with (the session loader's), shown until the stream answers. */
  initialCount?: number | null;
  className?: string;
}

/**
 * The header's notification bell: the unread count, kept current by the server's push (polling as a
 * fallback), and the notification drawer (70% wide side sheet) it opens. Focus returns to the bell
 * when the drawer closes.
 */
export function MessageBell({ initialCount = null, className }: MessageBellProps) {
  const { count, refresh } = useUnreadCount(initialCount);
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <button
          type="button"
          className={className ? `msg-bell ${className}` : 'msg-bell'}
          aria-label={zh.header.unread(count ?? 0)}
          title={zh.header.messages}
          data-unread={count ?? ''}
        >
          <BellIcon />
          {count !== null && count > 0 ? (
            <span className="msg-bell__badge" aria-hidden="true">
              {count > 99 ? '99+' : count}
            </span>
          ) : null}
        </button>
      </DialogTrigger>
      <DialogContent className="msg-drawer" aria-describedby="message-drawer-description">
        <DialogHeader>
          <DialogTitle>{zh.messages.title}</DialogTitle>
          <DialogDescription id="message-drawer-description">{zh.messages.description}</DialogDescription>
        </DialogHeader>
        <MessageList onChanged={refresh} onNavigate={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
