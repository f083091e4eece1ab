export { inspectionRoutes } from './routes';
export { inspectionWorkSource } from './work-source';
export { agencyResults as inspectionResultsOf, getDrawRecord as inspectionDrawRecord } from './rounds';
export { inspectionCandidates, openRound } from './open-round';
export { runDraw as drawInspectionRound } from './draw-round';
export {
  publishResults as publishInspectionRound,
  writeResult as writeInspectionResult,
} from './record-result';
