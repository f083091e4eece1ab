export { agencySelectableCondition, expireCreditEntries, isPersonBlacklisted } from './flags';
export { creditRoutes } from './routes';
