export { openChangeOf, saveChangeRequest, type ChangeValues } from './change-requests';
export {
  applyOnApproval,
  changeItems,
  changeSubjects,
  type ChangeRequestTable,
  type ChangeStep,
  type ChangeTable,
} from './change-tables';
export {
  decide,
  decideByAuditStatus,
  decideByCall,
  decideIn,
  submitForReview,
  specDecisionsOf,
  transferByCall,
  type AuditStatusDecision,
  type DecisionAnswer,
  type ReviewClock,
  type ReviewContext,
  type TransferCall,
} from './decide';
export {
  decisionStamps,
  registerReviewHooks,
  requireSubjectRow,
  type ReviewHook,
  type ReviewHookContext,
  type ReviewHooks,
} from './hooks';
export {
  defineRegistration,
  mirrorRegistration,
  ownRegistrantId,
  registeredFile,
  registeredFiles,
  registrationItems,
  registrationLists,
  registrantReview,
  saveRegistration,
  type RegisteredFile,
  type Registration,
} from './registration';
export { getReviewItem, openReview, setApplicant, type ReviewItem } from './items';
export { claimReview, type ClaimResult } from './claim';
export {
  listDone,
  listTodo,
  queueCounts,
  type DoneTask,
  type ReviewListQuery,
  type ReviewTask,
} from './lists';
export { reviewRoutes } from './routes';
export { isReviewerOf, registerNamedReviewers, reviewersOf, type NamedReviewers } from './pool';
export { sendDueReviewReminders } from './reminders';
export type { DecisionInput } from './rules';
export { getReviewState, reviewStateOrNull, type ReviewPanelState, type ReviewState } from './state';
export { listReviewRecords, type ReviewRecord } from './timeline';
export {
  deadlineOf,
  doneRowsOf,
  queueOf,
  queueRowsOf,
  todoRowsOf,
  withSubjects,
  type QueueInput,
  type ReviewSubjects,
} from './todo-rows';
export { listOpenTasks, listReturnedTasks, openTaskHolders, oversightDistrict } from './oversight';
export { oversightRoutes } from './oversight-routes';
