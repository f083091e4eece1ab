/** The pages of the oversight hub (中枢清单), by route (shared/domain/console-pages.ts lists them). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'oversight'> = {
  'omphalos/governorOmphalosList': () =>
    import('./oversight-pages').then((module) => module.OversightOpenPage),
  'omphalos/governorOmphalosListRF': () =>
    import('./oversight-pages').then((module) => module.OversightReturnedPage),
};
