/**
 * Zod's own messages in Chinese. Every schema of ours carries the spec's messages for the rules it
 * states; this covers what a schema leaves to zod (a missing list, a wrong type), so no English reaches
 * a user. Imported for its effect by the contracts and the server's validation.
 */
import { z } from 'zod';
// Only the one locale: `z.locales` would put every language's messages into each browser bundle.
import zhCN from 'zod/v4/locales/zh-CN.js';

z.config(zhCN());
// No `new Function` probe or compiled parsers: the Content-Security-Policy refuses eval (issue 11,
// finding 4), and zod's probe alone would report a violation on every page that loads a schema.
z.config({ jitless: true });
