/** The pages of the workbench feature, by route (shared/domain/console-pages.ts lists them): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import { WorkHomePage } from './work-home-page';

export const pages: FeaturePages<'workbench'> = {
  'workbench/home': WorkHomePage,
};
