/**
 * In-app messages for the console header: `<MessageBell initialCount={…} />` (count, push, drawer),
 * and its parts for other layouts.
 */
export { MessageBell, type MessageBellProps } from './message-bell';
export { MessageList, type MessageItem, type MessageListProps } from './message-drawer';
export { useUnreadCount, UNREAD_POLL_MS, type UnreadCount } from './use-unread-count';
