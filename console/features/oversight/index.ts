/** The pages of the oversight hub (中枢清单), by route (shared/domain/console-pages.ts lists them). */
import type { FeaturePages } from '@console/lib/feature-pages';
import { OversightOpenPage, OversightReturnedPage } from './oversight-pages';

export const pages: FeaturePages<'oversight'> = {
  'omphalos/governorOmphalosList': OversightOpenPage,
  'omphalos/governorOmphalosListRF': OversightReturnedPage,
};
