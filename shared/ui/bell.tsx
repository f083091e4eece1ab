/**
 * The console header's notification bell, drawn alike whether it is the live one that opens the
 * message drawer (console/features/messages) or the layout's plain count: an icon and the unread
 * count as a badge. Styles: `cl-bell` and `cl-bell__badge` in console/app/layout/layout.css.
 */
export function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
      />
    </svg>
  );
}

/** The unread count over the bell; nothing when it is unknown or zero, 99+ above 99. */
export function UnreadBadge({ count }: { count: number | null }) {
  if (count === null || count <= 0) return null;
  return (
    <span className="cl-bell__badge" aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}
