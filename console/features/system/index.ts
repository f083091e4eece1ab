/** The system route group's pages: one lazy chunk, registered in console/app/pages.ts. */
import { SmsOutboxPage } from './sms-outbox-page';

export const pages = {
  smsOutbox: SmsOutboxPage,
};
