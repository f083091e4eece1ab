export {
  acceptedAgencyOf,
  agencyAccountOf,
  demandParties,
  districtOfUser,
  isProjectSupervisor,
  ownAgencyOf,
  ownUnitOf,
  ownerUserOf,
} from './parties';
export {
  getDemand,
  getProjectProgress,
  listDemands,
  type DemandDetail,
  type DemandSummary,
  type ProjectProgress,
} from './public-demands';
export { projectRoutes } from './routes';
export { addProject, logsOf } from './service';
export { logProjectEvent, moveProject } from './status';
export { isPublicProject } from './visibility';
export { projectReviewHooks, projectReviewItems } from './review-hooks';
export { ownerProjectWorkSource } from './work-source';
