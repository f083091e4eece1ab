/**
 * Zod's own messages in Chinese. Every schema of ours carries the spec's messages for the rules it
 * states; this covers what a schema leaves to zod (a missing list, a wrong type), so no English reaches
 * a user. Imported for its effect by the contracts and the server's validation.
 */
import { z } from 'zod';

z.config(z.locales.zhCN());
