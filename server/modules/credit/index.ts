export { agencySelectableCondition, expireCreditEntries, isPersonBlacklisted } from './flags';
export { creditRoutes } from './routes';
export { checkCreditScores, creditEventsOf, refreshCreditScores } from './score';
export { creditGradeRule, installCreditGradeRule } from './grade-rule';
