/** The pages of results reporting, by route (shared/domain/console-pages.ts lists them). */
import type { FeaturePages } from '@console/lib/feature-pages';
import { ResultsReportPage } from './results-report-page';

export const pages: FeaturePages<'reporting'> = {
  'dataExchangeSystem/resultsReport': ResultsReportPage,
};
