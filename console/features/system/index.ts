/** The pages of the system feature, by route (shared/domain/console-pages.ts lists them) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'system'> = {
  'system/smsOutbox': () => import('./sms-outbox-page').then((module) => module.SmsOutboxPage),
  'system/casServices': () => import('./cas-services-page').then((module) => module.CasServicesPage),
  'system/kitExamples': () => import('./kit-examples-page').then((module) => module.KitExamplesPage),
};
