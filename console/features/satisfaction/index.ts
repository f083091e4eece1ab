/** The evaluatemanger group's pages built so far: ratings of agencies by owners (/constructionSatisfy). */
import { RateAgencyPage, RatingListPage } from './pages';

export const pages = {
  smoEvaluteList: RatingListPage,
  smoEvalute: RateAgencyPage,
};
