export {
  countApprovedAgencies,
  countConstructionUnits,
  countNatureDepts,
  getHallCounts,
  type HallCounts,
} from './service';
