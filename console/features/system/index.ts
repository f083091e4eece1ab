/** The pages of the system feature, by route (shared/domain/console-pages.ts lists them): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import { CasServicesPage } from './cas-services-page';
import { KitExamplesPage } from './kit-examples-page';
import { SmsOutboxPage } from './sms-outbox-page';

export const pages: FeaturePages<'system'> = {
  'system/smsOutbox': SmsOutboxPage,
  'system/casServices': CasServicesPage,
  'system/kitExamples': KitExamplesPage,
};
