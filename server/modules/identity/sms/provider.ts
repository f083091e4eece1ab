/**
 * Sending a text message. The default provider writes to the `sms_outbox` table (administrators read
 * it; tests and e2e read the codes from it); a real gateway implements the same interface.
 */
import type { AppContext } from '@server/app-context';
import { smsOutbox } from '@server/db/schema';
import { nowOf } from '../options';

export interface SmsMessage {
  userphone: string;
  content: string;
  /** The verification code inside `content`, when there is one (kept in the outbox for tests). */
  code?: string;
}

export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

export function createOutboxSmsProvider(ctx: AppContext): SmsProvider {
  return {
    async send(message) {
      await ctx.db.insert(smsOutbox).values({
        userphone: message.userphone,
        content: message.content,
        code: message.code ?? null,
        createdAt: nowOf(ctx),
      });
    },
  };
}

/** Sends a text message through the configured provider (the outbox by default). */
export async function sendTextMessage(ctx: AppContext, message: SmsMessage): Promise<void> {
  await (ctx.services.smsProvider ?? createOutboxSmsProvider(ctx)).send(message);
}
