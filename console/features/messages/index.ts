/**
 * In-app messages for the console header: `<MessageBell initialCount={…} />` (count, push, drawer),
 * and the count read the session loader starts it with.
 */
export { MessageBell } from './message-bell';
export { loadUnreadCount } from './use-unread-count';
