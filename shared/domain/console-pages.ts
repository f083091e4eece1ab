/**
 * Which console routes of the route table (./routes.ts) have a working page, and which console feature
 * (console/features/<feature>) builds it: the one place a page is named. The console routes and shows
 * only these (we ship no "under construction" pages), the left menu hides the rest, the server's page
 * guard answers 404 for the others, and the hall header's 业务系统 link leads to the first of them a
 * user may open. A feature's `pages` export is typed by its list here (console/lib/feature-pages.ts),
 * so a page missing on either side does not compile. A route listed by two features shows both
 * features' parts, one after the other (the agency's to-do: its offers, then its cases).
 *
 * Routes are named `group/name` (the route table's group and name), as the console router ids them.
 */
import { matchRoute, type RouteDef } from './routes';

/** Route ids (`group/name`) with a built page, by the feature that builds them. */
export type BuiltPages = Readonly<Record<string, { readonly pages: readonly string[] }>>;

/** Route ids by feature. */
export const consolePages = {
  agencies: [
    'intermediary/orglist',
    'intermediary/informationReviewShow',
    'intermediary/orgManageDetail',
    'intermediary/orgdetail',
    'intermediary/orgdonelist',
    'intermediary/orgquery',
    'intermediary/orgupdate',
    'intermediary/OrgChange',
    'intermediary/OrgChangeInfo',
    'intermediary/dishonest',
    'intermediary/orgpassrate',
    'intermediary/contactManageDetail',
    'intermediary/OrgListConnect',
    'intermediary/contractDownList',
    'usercenter/orgapply',
    'usercenter/orgdone',
    'usercenter/OrgChangeApply',
    'usercenter/OrgChangeDone',
    'usercenter/OrgChangeDetail',
    'usercenter/agency',
    'usercenter/agencyDetiles',
  ],
  archive: ['workflow/myDetials'],
  'audit-opinions': ['noticemanger/approvalOpinions'],
  workbench: ['workbench/home'],
  results: [
    'fruitcatalog/manage',
    'checkaddaccreditation/resultsSubmission',
    'workflow/caseadd',
    'workflow/ToDoList',
    'workflow/progressQuery',
    'workflow/resDetails',
    'workflow/DoneList',
    // The second half's lists and a project's page (projectHistory/query, achieveQuery).
    'workflow/myCaseList',
    'workflow/myProjectList',
    'workflow/projectList',
    'workflow/achieCompleteList',
    'workflow/detials',
    'workflow/resDetailsSubOffice',
    'workflow/ResultDetailsSubofficemenu',
  ],
  'audit-users': [
    'audituser/agentorg_audit_users',
    'audituser/contract_audit_users',
    'audituser/resultinfo_audit_users',
    'audituser/resultinfo_audit_users_offline',
    'audituser/AcceptanceAndCertification',
  ],
  authorizations: [
    'checkaddaccreditation/check',
    'checkaddaccreditation/DemandList',
    'demandmanger/demandAuthChange',
    'notdchy/toDoList',
    'notdchy/DoneList',
    'notdchy/Detials',
    'notdchy/DemandDetails',
    'notdchy/ToDoAuditList',
    'usercenter/prochange',
    'usercenter/proChangeDone',
  ],
  construction: [
    'construction/update',
    'usercenter/jsdwVerifyInfo',
    'usercenter/jsdwVerify',
    'usercenter/jsdwVerifyDone',
  ],
  contracts: [
    'contract/ContractList',
    'contract/contractDetails',
    'contract/ContractListDetail',
    'contract/contractCompleteList',
    'contract/ContractTemplateList',
    'contract/GovContracts',
    'contract/GovPurchase',
    'contract/GovPurchaseTotal',
    'contract/backlogList',
    'contract/doneContractList',
    'contract/filingbacklogList',
    'contract/FilingbacklogFiling',
    'contract/contractToDoList',
    'contract/FilingCh',
    'contract/FilingChDone',
    'contract/flowProcess',
    'contract/ContractListFlow',
    'contract/ContractListFlowOne',
    'usercenter/contractApply',
    'usercenter/ContractDone',
    'usercenter/conQueryData',
    'usercenter/ConChangeDetail',
  ],
  credit: [
    'credit/lose',
    'credit/loseNot',
    'blacklist/blacklistManagement',
    'blacklist/blacklistNot',
    'blacklist/blacklistNotAdd',
    'blacklist/blacklistNotList',
    'personnelblacklist/personnelblacklist',
    'personnelblacklist/blackListDetail',
    'personnelblacklist/personnelStaffadd',
    'evaluatemanger/orgEvalute',
  ],
  docking: ['dataExchangeSystem/dockingList', 'dataExchangeSystem/dockingDetails'],
  downloads: ['downLoad/service'],
  // Issue 23: the electronic archive (archive cases, the metadata catalogue and its hash chain).
  electronics: [
    'electronics/CaseList',
    'electronics/MetadataManage',
    'electronics/DrawingManagement',
    'electronics/DrawingFileDetails',
    'drawdoc/DrawDocManagement',
    'electronics/DataUpload',
    'electronics/MapManagement',
    'electronics/APicture',
    'electronics/ThreeDimensional',
  ],
  interfaces: ['dataExchangeSystem/interfaceManagement', 'dataExchangeSystem/interfaceDetails'],
  jobs: ['task/time'],
  // Issue 25: the oversight hub (the review workflow's open and sent-back tasks).
  oversight: ['omphalos/governorOmphalosList', 'omphalos/governorOmphalosListRF'],
  // Issue 25: results reporting to the provincial platform.
  reporting: ['dataExchangeSystem/resultsReport'],
  // After the job list on the same page (/task/time): a route's parts follow this list's order.
  deadlines: ['task/time'],
  notices: ['noticemanger/message', 'noticemanger/messageinfo', 'noticemanger/messagemaintain'],
  // Issue 22: the certificates of completed projects.
  certificates: ['workflow/CertificateList', 'workflow/CertificateDetiles'],
  offline: [
    'workflow/offlineProjectList',
    'workflow/offlineProject',
    'notdchy/CaseAdd',
    'notdchy/CaseDetail',
    'notdchy/toDoList',
  ],
  projects: [
    'demandmanger/release',
    'demandmanger/newProjece',
    'demandmanger/releaseList',
    'demandmanger/submitFile',
    'demandmanger/demandQuery',
    'demandmanger/DemandXmXg',
    'demandmanger/demandDetails',
    'notdchy/DemandRelease',
  ],
  satisfaction: ['evaluatemanger/smoEvaluteList', 'evaluatemanger/smoEvalute'],
  // Issue 24: the authority's quarterly assessment (smd) and the agency's rating of the owner (con).
  evaluations: [
    'evaluatemanger/smdEvaluteList',
    'evaluatemanger/smdEvalute',
    'evaluatemanger/conEvaluteList',
    'evaluatemanger/conEvalute',
  ],
  // Random inspections (双随机、一公开): the rounds, and one round's page with ?id=.
  inspections: ['evaluatemanger/organizationCheckList'],
  feedback: ['feedback/feedbackList'],
  sharing: [
    'workflow/AchievementSharing',
    'workflow/applyProjectList',
    'workflow/applyDetials',
    'workflow/applyProjectRecording',
    'workflow/myProjectListShare',
  ],
  selection: ['demandmanger/demandOption', 'notdchy/DemandOption'],
  staff: [
    'orgstaff/stafflist',
    'orgstaff/staffListChild',
    'orgstaff/personnelReview',
    'orgstaff/staffadd',
    'orgstaff/editStaffAdd',
    'orgstaff/staffchecklist',
    'orgstaff/informationReview',
    'orgstaff/staffdetail',
    'orgstaff/personStaffdetail',
    'orgstaff/PersonStaffdetailDifferent',
    'orgstaff/staffcheck',
  ],
  statistics: ['noticemanger/statistical'],
  queries: [
    'query/districtCounty',
    'query/achievementQuery',
    'query/projectQuery',
    'noticemanger/mapStatistical',
  ],
  system: ['system/smsOutbox', 'system/casServices', 'system/kitExamples'],
} as const;

export type ConsoleFeature = keyof typeof consolePages;

/** The route ids a feature builds. */
export type FeatureRouteId<F extends ConsoleFeature> = (typeof consolePages)[F][number];

/** The id of a route in these lists. */
export function routeId(route: Pick<RouteDef, 'group' | 'name'>): string {
  return `${route.group}/${route.name}`;
}

export const builtConsolePages: BuiltPages = Object.fromEntries(
  Object.entries(consolePages).map(([feature, pages]) => [feature, { pages }]),
);

/** The features that build a route (more than one: their parts are shown one after the other). */
export function featuresOf(route: RouteDef, built: BuiltPages = builtConsolePages): string[] {
  const id = routeId(route);
  return Object.keys(built).filter((feature) => built[feature]?.pages.includes(id));
}

/**
 * Module names that never appear in the header's subsystem switcher (spec section 2: "some module
 * names are excluded by configuration").
 */
export const excludedSubsystemNames: readonly string[] = [];

/** True when `route` is a console route whose page is built. */
export function isRouteBuilt(route: RouteDef, built: BuiltPages = builtConsolePages): boolean {
  return route.surface === 'console' && featuresOf(route, built).length > 0;
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
