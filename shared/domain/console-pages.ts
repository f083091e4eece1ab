/**
 * Which console routes of the route table (./routes.ts) have a working page. The console routes and
 * shows only these (we ship no "under construction" pages), the left menu hides the rest, and the hall
 * header's 业务系统 link leads to the first of them a user may open. The console's page registry
 * (console/app/pages.ts) adds where each group's code is; its test checks the two agree.
 */
import { matchRoute, type RouteDef, type RouteGroupId } from './routes';

/** Route names with a built page, by group. */
export type BuiltPages = Partial<Record<RouteGroupId, { readonly pages: readonly string[] }>>;

export const builtConsolePages = {
  noticemanger: { pages: ['statistical', 'message', 'messageinfo', 'messagemaintain', 'approvalOpinions'] },
  downLoad: { pages: ['service'] },
  system: { pages: ['smsOutbox', 'casServices', 'kitExamples'] },
  task: { pages: ['time'] },
  evaluatemanger: { pages: ['smoEvaluteList', 'smoEvalute'] },
  orgstaff: {
    pages: [
      'stafflist',
      'staffListChild',
      'personnelReview',
      'staffadd',
      'editStaffAdd',
      'staffchecklist',
      'informationReview',
      'staffdetail',
      'personStaffdetail',
      'PersonStaffdetailDifferent',
      'staffcheck',
    ],
  },
  credit: { pages: ['lose', 'loseNot'] },
  blacklist: { pages: ['blacklistManagement', 'blacklistNot', 'blacklistNotAdd', 'blacklistNotList'] },
  personnelblacklist: { pages: ['personnelblacklist', 'blackListDetail', 'personnelStaffadd'] },
  intermediary: {
    pages: [
      'orglist',
      'informationReviewShow',
      'orgManageDetail',
      'orgdetail',
      'orgdonelist',
      'orgquery',
      'orgupdate',
      'OrgChange',
      'OrgChangeInfo',
      'dishonest',
      'orgpassrate',
      'contactManageDetail',
      'OrgListConnect',
      'contractDownList',
    ],
  },
  usercenter: {
    pages: [
      'orgapply',
      'orgdone',
      'OrgChangeApply',
      'OrgChangeDone',
      'OrgChangeDetail',
      'agency',
      'agencyDetiles',
      'jsdwVerifyInfo',
      'jsdwVerify',
      'jsdwVerifyDone',
      'prochange',
      'proChangeDone',
      'contractApply',
      'ContractDone',
      'conQueryData',
      'ConChangeDetail',
    ],
  },
  notdchy: {
    pages: [
      'toDoList',
      'DoneList',
      'Detials',
      'DemandDetails',
      'ToDoAuditList',
      'DemandOption',
      'DemandRelease',
      'CaseAdd',
      'CaseDetail',
    ],
  },
  workflow: { pages: ['offlineProjectList', 'offlineProject'] },
  checkaddaccreditation: { pages: ['check', 'DemandList'] },
  construction: { pages: ['update'] },
  contract: {
    pages: [
      'ContractList',
      'contractDetails',
      'ContractListDetail',
      'contractCompleteList',
      'ContractTemplateList',
      'GovContracts',
      'GovPurchase',
      'GovPurchaseTotal',
      'backlogList',
      'doneContractList',
      'filingbacklogList',
      'FilingbacklogFiling',
      'contractToDoList',
      'FilingCh',
      'FilingChDone',
      'flowProcess',
      'ContractListFlow',
      'ContractListFlowOne',
    ],
  },
  demandmanger: {
    pages: [
      'release',
      'newProjece',
      'releaseList',
      'submitFile',
      'demandQuery',
      'DemandXmXg',
      'demandDetails',
      'demandOption',
      'demandAuthChange',
    ],
  },
  dataExchangeSystem: { pages: ['interfaceManagement', 'interfaceDetails'] },
  audituser: {
    pages: [
      'agentorg_audit_users',
      'contract_audit_users',
      'resultinfo_audit_users',
      'resultinfo_audit_users_offline',
      'AcceptanceAndCertification',
    ],
  },
} as const satisfies BuiltPages;

/**
 * Module names that never appear in the header's subsystem switcher (spec section 2: "some module
 * names are excluded by configuration").
 */
export const excludedSubsystemNames: readonly string[] = [];

/** True when `route` is a console route whose page is built. */
export function isRouteBuilt(route: RouteDef, built: BuiltPages = builtConsolePages): boolean {
  return route.surface === 'console' && (built[route.group]?.pages.includes(route.name) ?? false);
}

/**
 * The built console route a path or href belongs to ('/contract/ContractList?x=1' included), or
 * undefined when there is none.
 */
export function builtRouteFor(href: string | null | undefined, built: BuiltPages = builtConsolePages) {
  if (!href) return undefined;
  const pathname = href.split(/[?#]/)[0] ?? '';
  const route = matchRoute(pathname);
  return route && isRouteBuilt(route, built) ? route : undefined;
}
