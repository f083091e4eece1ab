/** The pages of the deadlines feature, by route (shared/domain/console-pages.ts lists them): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import { DeadlineSections } from './deadline-sections';

export const pages: FeaturePages<'deadlines'> = {
  'task/time': DeadlineSections,
};
