export { createMessageHub, type MessageHub } from './hub';
export { createMessagePageCache, type MessagePageCache } from './page-cache';
export { messageRoutes } from './routes';
export { MESSAGES_CHANNEL, sendMessage } from './service';
export { messageWorkSource, recentMessages } from './work-source';
