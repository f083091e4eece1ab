/** The pages of results reporting, by route (shared/domain/console-pages.ts lists them). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'reporting'> = {
  'dataExchangeSystem/resultsReport': () =>
    import('./results-report-page').then((module) => module.ResultsReportPage),
};
