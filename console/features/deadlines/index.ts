/** The pages of the deadlines feature, by route (shared/domain/console-pages.ts lists them) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'deadlines'> = {
  'task/time': () => import('./deadline-sections').then((module) => module.DeadlineSections),
};
