/**
 * Selecting the agency of a released demand, three ways (issue 13; shared/domain/selection.ts):
 * direct choice among eligible agencies, a verifiable draw, a price comparison. One file per step.
 *
 * Eligible means approved, no credit flag in force (agencySelectableCondition, the one definition),
 * and a business scope covering every survey item of the demand (eligibility.ts). The draw's salt is
 * public only with the draw (get-selection.ts decides); every winner is recorded by record-winner.ts;
 * the job `selection-price-close` closes price comparisons at their deadline (close-due-quotes.ts).
 */
export {
  assertAgencyEligible,
  assertSelectionAllows,
  eligibleAgencies,
  selectionAllows,
} from './eligibility';
export { selectionRoutes } from './routes';
export { runChoose } from './choose-direct';
export { closeDueQuotes } from './close-due-quotes';
export { demandInfo, eligibleAgencyIds } from './demand';
export { runDraw } from './draw-agency';
export { getPublicSelection } from './get-selection';
export { openSelection } from './open-selection';
export { agencySelectionWorkSource, ownerSelectionWorkSource } from './work-source';
