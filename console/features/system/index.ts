/** The system route group's pages: one lazy chunk, registered in console/app/pages.ts. */
import { CasServicesPage } from './cas-services-page';
import { KitExamplesPage } from './kit-examples-page';
import { SmsOutboxPage } from './sms-outbox-page';

export const pages = {
  smsOutbox: SmsOutboxPage,
  casServices: CasServicesPage,
  kitExamples: KitExamplesPage,
};
