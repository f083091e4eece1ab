export { agencyChangeRoutes, agencyRoutes } from './routes';
export { agencyFigures, type AgencyFigures } from './figures';
export {
  getPublicAgency,
  listPublicAgencies,
  newestAgencies,
  type AgencyDetail,
  type AgencySummary,
} from './service';
export { agencyReviewHooks, agencyReviewItems } from './review-hooks';
