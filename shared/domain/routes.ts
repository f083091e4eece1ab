/**
 * The route table: every route of spec section 2, once. The console router, the left menu, the
 * server guard, the module seed data and the tests all derive from it.
 *
 * - `roles` undefined: open to any signed-in user (spec section 6); public hall routes say `public`.
 * - `hideMenu`: the layout hides the side menu and breadcrumb (spec: home, servicelist, demandQuery,
 *   orgselect).
 * - `inMenu: false`: reached from another page (details, edit forms), never listed in the left menu.
 * - `keepAlive`: the page keeps its state across navigation (React <Activity>).
 */
import { roles, type RoleId } from './roles';

export type Surface = 'hall' | 'console';

export interface RouteDef {
  path: string;
  name: string;
  title: string;
  group: RouteGroupId;
  surface: Surface;
  /** Open without a session (spec section 2, public pages). */
  public?: boolean;
  roles?: readonly RoleId[];
  keepAlive?: boolean;
  hideMenu?: boolean;
  inMenu?: boolean;
  /**
   * The roles whose menu lists the page, when fewer than may open it (a page the others reach with a
   * record's id from a list of theirs). Default: `roles`.
   */
  menuRoles?: readonly RoleId[];
}

const R = roles;
const ALL = [R.admin, R.owner, R.agency, R.staff, R.authority, R.auditor, R.district, R.sharing].map(
  (role) => role.id,
);
const OWNER = [R.admin.id, R.owner.id];
const OWNER_ONLY = [R.admin.id, R.owner.id];
const ORG_MANAGE = [R.admin.id, R.authority.id, R.agency.id, R.auditor.id, R.district.id];
const AUTHORITY = [R.admin.id, R.authority.id];
const AUDIT = [R.admin.id, R.authority.id, R.auditor.id];
const WORK = [R.admin.id, R.agency.id, R.staff.id, R.auditor.id, R.district.id];
const AGENCY = [R.admin.id, R.agency.id, R.staff.id];
/** A sharing application's parties: its applicant, the project's owner and the authority. */
const SHARE_PARTIES = [R.admin.id, R.sharing.id, R.owner.id, R.authority.id];
const ADMIN = [R.admin.id];
/** The oversight hub: the authority (the city) and the district sub-office (its district). */
const OVERSIGHT = [R.admin.id, R.authority.id, R.district.id];
/**
 * The statistics queries and the map statistics (issue 25): the authority, auditors and administrators
 * see the whole city, a district sub-office its own district (the server narrows).
 */
const STATISTICS = [R.admin.id, R.authority.id, R.auditor.id, R.district.id];
/** Certificates (issue 22): the owner, the agency, the authority and auditors (the service narrows). */
const CERTIFICATES = [R.admin.id, R.owner.id, R.agency.id, R.authority.id, R.auditor.id];
/** A project's parties and the supervising roles (who reads a project's results; ownership per project). */
const PROJECT_READERS = ALL.filter((role) => role !== R.sharing.id);

export const routeGroups = {
  hall: { title: '网上办事大厅' },
  // Ours (issue 21): every role's landing page after sign-in, first in the menu.
  workbench: { title: '工作台' },
  usercenter: { title: '用户中心' },
  intermediary: { title: '中介机构管理' },
  orgstaff: { title: '从业人员管理' },
  audituser: { title: '审核人员配置' },
  construction: { title: '建设单位' },
  demandmanger: { title: '需求管理' },
  notdchy: { title: '测绘需求办理' },
  checkaddaccreditation: { title: '授权核查' },
  contract: { title: '合同管理' },
  workflow: { title: '测绘办件' },
  electronics: { title: '成果档案' },
  fruitcatalog: { title: '成果目录' },
  evaluatemanger: { title: '评价管理' },
  credit: { title: '信用管理' },
  blacklist: { title: '黑名单管理' },
  personnelblacklist: { title: '人员黑名单' },
  noticemanger: { title: '公告与统计' },
  query: { title: '综合查询' },
  downLoad: { title: '服务下载管理' },
  dataExchangeSystem: { title: '数据交换' },
  task: { title: '定时任务' },
  omphalos: { title: '中枢清单' },
  feedback: { title: '意见反馈' },
  drawdoc: { title: '图文档管理' },
  // Ours, not in the spec: operating pages the spec's legacy system kept elsewhere.
  system: { title: '系统管理' },
} as const;

export type RouteGroupId = keyof typeof routeGroups;

type PageSpec = [name: string, title: string, roles?: readonly string[], options?: PageOptions];
interface PageOptions {
  path?: string;
  keepAlive?: boolean;
  hideMenu?: boolean;
  inMenu?: boolean;
  public?: boolean;
  menuRoles?: readonly string[];
}

function group(id: RouteGroupId, surface: Surface, pages: PageSpec[]): RouteDef[] {
  return pages.map(([name, title, pageRoles, options = {}]) => ({
    path: options.path ?? `/${id}/${name}`,
    name,
    title,
    group: id,
    surface,
    ...(pageRoles ? { roles: pageRoles as RoleId[] } : {}),
    ...(options.public ? { public: true } : {}),
    ...(options.keepAlive ? { keepAlive: true } : {}),
    ...(options.hideMenu ? { hideMenu: true } : {}),
    ...(options.inMenu === false ? { inMenu: false } : {}),
    ...(options.menuRoles ? { menuRoles: options.menuRoles as RoleId[] } : {}),
  }));
}

const detail = { inMenu: false } as const;
const kept = { keepAlive: true } as const;

export const routes: readonly RouteDef[] = [
  ...group('hall', 'hall', [
    ['root', '首页', undefined, { path: '/', public: true, hideMenu: true, inMenu: false }],
    ['home', '首页', undefined, { path: '/hall/home', public: true, hideMenu: true }],
    ['feedback', '意见反馈', undefined, { path: '/hall/feedback', public: true, inMenu: false }],
    ['admin', '管理入口', undefined, { path: '/admin', public: true }],
    ['position', '项目分布', undefined, { path: '/projectPosition/position', public: true }],
    ['message', '通知公告', undefined, { path: '/guide/message/:type', public: true }],
    ['matter', '办事指南', undefined, { path: '/guide/matter/:type', public: true }],
    ['messageDetails', '公告详情', undefined, { path: '/guide/messageDetails', public: true, inMenu: false }],
    ['workPlace', '办事地点', undefined, { path: '/guide/workPlace', public: true }],
    ['demandQuery', '需求查询', undefined, { path: '/demand/demandQuery', hideMenu: true }],
    // Public (spec section 2): a demand and its agency selection record, whose call is public too.
    ['demandDetails', '需求详情', undefined, { path: '/demand/demandDetails', public: true, inMenu: false }],
    ['progressQuery1', '进度查询', undefined, { path: '/demand/progressQuery1' }],
    // Ours (issue 22): anyone checks a certificate by its number; each certificate's QR code links here.
    [
      'certificateVerify',
      '证书核验',
      undefined,
      { path: '/certificate/verify', public: true, inMenu: false },
    ],
    [
      'orgselect',
      '中介机构',
      undefined,
      { path: '/intermediaryhall/orgselect', public: true, hideMenu: true },
    ],
    [
      'orgdetail',
      '机构详情',
      undefined,
      { path: '/intermediaryhall/orgdetail', public: true, inMenu: false },
    ],
    // Ours (issue 24): how the credit score and grade are counted, from the rule's own constants.
    [
      'creditRule',
      '信用评分规则',
      undefined,
      { path: '/intermediaryhall/creditrule', public: true, inMenu: false },
    ],
    // Ours (issue 24): a random inspection round's public draw record and results (双随机、一公开).
    [
      'inspection',
      '双随机抽查公示',
      undefined,
      { path: '/intermediaryhall/inspection', public: true, inMenu: false },
    ],
    ['servicelist', '服务下载', undefined, { path: '/downLoad/servicelist', public: true, hideMenu: true }],
    ['login', '统一登录', undefined, { path: '/login', public: true, inMenu: false }],
    ['check', '登录校验', undefined, { path: '/check', public: true, inMenu: false }],
    ['centerLoding', '票据登录', undefined, { path: '/centerLoding', public: true, inMenu: false }],
  ]),
  // The work home: the user's to-dos of every kind, items by status, newest messages.
  ...group('workbench', 'console', [['home', '工作台']]),
  ...group('dataExchangeSystem', 'console', [
    // Data interfaces for other government systems (server/modules/interfaces, docs/interfaces.md):
    // their definitions, consumer keys and access logs are the administrator's.
    ['interfaceManagement', '接口管理', ADMIN],
    ['interfaceDetails', '接口详情', ADMIN, detail],
    // Ours: the approval platform's docked projects (server/modules/docking), which the 接口管理 pages
    // showed before the interfaces were built: administrators and the authority.
    ['dockingList', '审批平台项目', AUTHORITY],
    ['dockingDetails', '审批平台项目详情', AUTHORITY, detail],
    // Results reporting to the provincial platform (issue 25, server/modules/reporting): the authority
    // follows and resends what the administrator configured.
    ['resultsReport', '成果上报', AUTHORITY],
  ]),
  ...group('notdchy', 'console', [
    ['DemandRelease', '需求发布', OWNER],
    // An invited agency quotes here (price comparison); the owner selects on /demandmanger/demandOption.
    // The quoting calls are the agency's own (an administrator, who opens every page, has nothing to
    // quote): in the agencies' menu only.
    ['DemandOption', '比选报价', [R.admin.id, R.agency.id], { menuRoles: [R.agency.id] }],
    ['toDoList', '待办需求', WORK, kept],
    ['CaseAdd', '新建办件', WORK, detail],
    ['ToDoAuditList', '待审核需求', AUDIT],
    ['CaseDetail', '办件详情', ALL, detail],
    ['DoneList', '已办需求', WORK],
    ['DemandDetails', '需求详情', ALL, detail],
    ['Detials', '详情', ALL, detail],
  ]),
  ...group('demandmanger', 'console', [
    ['release', '发布需求', OWNER],
    ['newProjece', '新建项目', OWNER, detail],
    ['releaseList', '已发布需求', OWNER, kept],
    // The demand's attachments (the owner adds files to a released demand); 成果提交 is resultsSubmission.
    ['submitFile', '需求附件', OWNER],
    // The demands of the owner's unit, or all of them for their reviewers (project/demand/query's roles).
    ['demandQuery', '需求查询', [R.admin.id, R.owner.id, R.authority.id, R.auditor.id]],
    ['DemandXmXg', '项目修改', OWNER, detail],
    ['demandDetails', '需求详情', ALL, detail],
    ['demandOption', '中介选取', OWNER],
    ['demandAuthChange', '授权变更', OWNER],
  ]),
  ...group('checkaddaccreditation', 'console', [
    ['check', '授权核查', AUDIT],
    ['DemandList', '需求列表', AUDIT],
    // The agency's projects to submit results for (issue 22; the owner follows them on progressQuery).
    ['resultsSubmission', '成果提交', AGENCY],
  ]),
  ...group('contract', 'console', [
    ['GovContracts', '政府采购合同', AUDIT],
    ['FilingCh', '合同备案变更', AUDIT],
    ['FilingChDone', '已办备案变更', AUDIT],
    ['flowProcess', '流程进度', ALL, detail],
    ['FilingbacklogFiling', '备案待办', AUDIT],
    ['GovPurchase', '政府采购记录', AUDIT],
    ['GovPurchaseTotal', '政府采购汇总', AUDIT],
    ['ContractList', '合同列表', [...AGENCY, R.owner.id], kept],
    ['ContractListFlow', '合同流转', AGENCY],
    ['ContractListFlowOne', '合同流转详情', AGENCY, detail],
    ['ContractTemplateList', '合同模板', AUTHORITY],
    ['backlogList', '待办合同', [...AGENCY, R.owner.id]],
    ['filingbacklogList', '备案待审', AUDIT],
    ['contractDetails', '合同详情', ALL, detail],
    ['ContractListDetail', '合同明细', ALL, detail],
    ['doneContractList', '已办合同', [...AGENCY, R.owner.id]],
    ['contractCompleteList', '已完成合同', ALL],
    ['contractToDoList', '合同待办', AUDIT],
  ]),
  ...group('query', 'console', [
    ['districtCounty', '区县查询', STATISTICS],
    ['achievementQuery', '成果查询', STATISTICS],
    ['projectQuery', '项目查询', STATISTICS],
  ]),
  ...group('orgstaff', 'console', [
    ['stafflist', '从业人员', ORG_MANAGE, kept],
    ['staffListChild', '人员子列表', ORG_MANAGE, detail],
    ['personnelReview', '人员审核', AUDIT],
    ['staffadd', '新增人员', AGENCY, detail],
    ['editStaffAdd', '编辑人员', AGENCY, detail],
    ['staffchecklist', '人员变更', ORG_MANAGE],
    ['informationReview', '人员变更审核', AUDIT],
    ['staffdetail', '人员详情', ALL, detail],
    // The staff role's menu entry to its own record: the same page (a staff account always sees its own
    // person there), listed for that role only. Never built itself: matchRoute finds staffdetail first.
    ['staffSelf', '本人信息', [R.staff.id], { path: '/orgstaff/staffdetail' }],
    ['personStaffdetail', '个人详情', ALL, detail],
    ['PersonStaffdetailDifferent', '变更对比', ALL, detail],
    // One change request with the decision (?id=, from 人员变更审核); the reviewers' page.
    ['staffcheck', '人员变更核查', AUDIT, detail],
  ]),
  ...group('intermediary', 'console', [
    ['orglist', '机构列表', ORG_MANAGE, kept],
    ['orgupdate', '机构信息维护', [R.admin.id, R.agency.id]],
    ['informationReviewShow', '审核信息', ORG_MANAGE, detail],
    ['orgManageDetail', '机构管理详情', ALL, detail],
    ['contactManageDetail', '联系人详情', ALL, detail],
    ['orgdetail', '机构详情', ALL, detail],
    ['orgdonelist', '已审机构', ORG_MANAGE],
    ['contractDownList', '合同下载', ORG_MANAGE],
    ['orgquery', '机构查询', ALL],
    ['orgpassrate', '机构通过率', ORG_MANAGE],
    ['OrgChange', '机构变更审核', AUDIT],
    ['OrgListConnect', '机构关联', ORG_MANAGE],
    ['OrgChangeInfo', '变更详情', ORG_MANAGE, detail],
    ['dishonest', '失信核查', ORG_MANAGE],
  ]),
  ...group('construction', 'console', [['update', '单位信息', OWNER_ONLY]]),
  ...group('downLoad', 'console', [['service', '服务下载维护', AUTHORITY]]),
  ...group('evaluatemanger', 'console', [
    ['orgEvalute', '机构评价', ALL],
    ['smoEvaluteList', '测绘机构评价列表', ALL],
    ['smdEvaluteList', '测绘需求评价列表', ALL],
    ['conEvaluteList', '建设单位评价列表', ALL],
    ['smoEvalute', '评价测绘机构', OWNER, detail],
    ['smdEvalute', '评价测绘需求', ALL, detail],
    ['conEvalute', '评价建设单位', ALL, detail],
    ['organizationCheckList', '机构检查', AUTHORITY],
  ]),
  ...group('usercenter', 'console', [
    ['prochange', '项目变更', ALL],
    ['proChangeDone', '已办项目变更', ALL],
    ['orgapply', '机构申请', [R.admin.id, R.agency.id]],
    ['contractApply', '合同申请', ALL],
    // The owner's own unit, or with ?id= one unit for its reviewers (the service narrows an owner to its own).
    ['jsdwVerifyInfo', '建设单位认证信息', [R.admin.id, R.owner.id, R.authority.id], { menuRoles: OWNER }],
    ['orgdone', '已办机构申请', [R.admin.id, R.agency.id]],
    ['ContractDone', '已办合同申请', ALL],
    ['OrgChangeApply', '机构变更申请', [R.admin.id, R.agency.id]],
    ['OrgChangeDone', '已办机构变更', [R.admin.id, R.agency.id]],
    // The reviewers' to-do and done lists of unit verifications.
    ['jsdwVerify', '建设单位认证', AUTHORITY],
    ['jsdwVerifyDone', '已办单位认证', AUTHORITY],
    ['OrgChangeDetail', '机构变更详情', ALL, detail],
    ['ConChangeDetail', '合同变更详情', ALL, detail],
    ['conQueryData', '合同查询', ALL],
    ['agency', '中介机构', OWNER_ONLY],
    ['agencyDetiles', '中介机构详情', OWNER_ONLY, detail],
  ]),
  ...group('noticemanger', 'console', [
    ['message', '通知公告管理', AUTHORITY, { path: '/noticemanger/message/:type', keepAlive: true }],
    ['messageinfo', '公告详情', AUTHORITY, { path: '/noticemanger/messageinfo/:noticeid', inMenu: false }],
    [
      'messagemaintain',
      '公告编辑',
      AUTHORITY,
      { path: '/noticemanger/messagemaintain/:noticeid', inMenu: false },
    ],
    ['statistical', '统计分析', ALL],
    ['approvalOpinions', '审核意见管理', AUDIT],
    ['mapStatistical', '地图统计', STATISTICS],
  ]),
  ...group('credit', 'console', [
    ['lose', '失信机构', AUTHORITY],
    ['loseNot', '不合格机构', AUTHORITY],
  ]),
  ...group('blacklist', 'console', [
    ['blacklistManagement', '黑名单管理', AUTHORITY],
    ['blacklistNot', '黑名单查询', ALL],
    ['blacklistNotAdd', '加入黑名单', AUTHORITY, detail],
    ['blacklistNotList', '黑名单列表', AUTHORITY],
  ]),
  ...group('personnelblacklist', 'console', [
    ['personnelblacklist', '人员黑名单', AUTHORITY],
    ['blackListDetail', '黑名单详情', AUTHORITY, detail],
    ['personnelStaffadd', '人员加入黑名单', AUTHORITY, detail],
  ]),
  // Drawings (issue 23): as the archive cases they are kept in; the service narrows.
  ...group('drawdoc', 'console', [['DrawDocManagement', '图文档管理', PROJECT_READERS]]),
  ...group('electronics', 'console', [
    // Issue 23: every party of a project and the supervisors; the service narrows (docs/electronics.md).
    ['CaseList', '办件档案', PROJECT_READERS],
    ['DrawingFileDetails', '图件详情', PROJECT_READERS, detail],
    ['DrawingManagement', '图件管理', PROJECT_READERS],
    ['APicture', '一张图', PROJECT_READERS],
    // The archive's keepers style, order, show and classify the layers.
    ['MapManagement', '地图管理', AUTHORITY],
    // The archive's keepers: administrators and the authority (edit metadata, verify the chain).
    ['MetadataManage', '元数据目录', AUTHORITY],
    // Vector data comes from the agency that surveyed the case (account and staff) and the keepers.
    ['DataUpload', '数据上传', [R.admin.id, R.authority.id, R.agency.id, R.staff.id]],
    // The buildings of the layers the user reads (as the case list: the layers' calls are its readers').
    ['ThreeDimensional', '三维展示', PROJECT_READERS],
  ]),
  ...group('workflow', 'console', [
    // The second half's lists (issue 22): the agency's and its staff's survey cases, the owner's
    // projects, the supervisors' list of all of them and the completed ones; every row opens 详情.
    ['myCaseList', '我的办件', AGENCY, kept],
    ['myProjectList', '我的项目', OWNER, kept],
    ['myProjectListShare', '共享项目', [R.admin.id, R.owner.id, R.authority.id]],
    ['myDetials', '办件详情', ALL, detail],
    // Sharing (issue 22): share01 browses and applies; the owner, then the authority, decide; every
    // download is listed for the applicant, the project's owner and the authority.
    ['AchievementSharing', '成果共享', [R.admin.id, R.sharing.id]],
    ['applyDetials', '申请详情', SHARE_PARTIES, detail],
    ['applyProjectList', '共享申请', SHARE_PARTIES],
    ['applyProjectRecording', '下载记录', SHARE_PARTIES],
    ['detials', '项目详情', PROJECT_READERS, detail],
    ['ToDoList', '待办事项', WORK, kept],
    ['resDetails', '成果详情', ALL, detail],
    ['resDetailsSubOffice', '分局成果详情', [R.admin.id, R.district.id], detail],
    ['ResultDetailsSubofficemenu', '分局成果', [R.admin.id, R.district.id]],
    // The results done list is the agency's, its staff's and the acceptance auditors' (a district
    // office follows its district's results on its own pages).
    ['DoneList', '已办事项', [R.admin.id, R.agency.id, R.staff.id, R.auditor.id]],
    // Issue 22: the owner sees its projects' certificates, the agency its own, the authority all.
    ['CertificateList', '证书列表', CERTIFICATES],
    ['projectList', '项目列表', AUDIT],
    ['caseadd', '新建办件', AGENCY, detail],
    ['progressQuery', '进度查询', [R.admin.id, R.owner.id, R.agency.id, R.staff.id]],
    ['achieCompleteList', '成果办结', [...AUDIT, R.district.id]],
    ['CertificateDetiles', '证书详情', CERTIFICATES, detail],
    // Ours (issue 13, offline projects; the spec names no page for /projectOffline/*): the agency's list
    // and the reviewers' queue, and one project (add, edit and resubmit, or review).
    ['offlineProjectList', '线下项目', [R.admin.id, R.agency.id, R.auditor.id, R.authority.id]],
    ['offlineProject', '线下项目详情', [R.admin.id, R.agency.id, R.auditor.id, R.authority.id], detail],
  ]),
  ...group('audituser', 'console', [
    ['agentorg_audit_users', '机构审核人员', ADMIN],
    ['AcceptanceAndCertification', '验收与发证审核人员', ADMIN],
    ['contract_audit_users', '合同审核人员', ADMIN],
    ['resultinfo_audit_users', '成果审核人员', ADMIN],
    ['resultinfo_audit_users_offline', '线下成果审核人员', ADMIN],
  ]),
  ...group('feedback', 'console', [['feedbackList', '意见反馈', ALL]]),
  // The oversight hub (issue 25, server/modules/review/oversight.ts): the city's open and sent-back
  // tasks; the district sub-office sees its district's projects only.
  ...group('omphalos', 'console', [
    ['governorOmphalosList', '中枢清单', OVERSIGHT],
    ['governorOmphalosListRF', '中枢反馈清单', OVERSIGHT],
  ]),
  ...group('task', 'console', [['time', '定时任务与时限', ADMIN]]),
  ...group('fruitcatalog', 'console', [['manage', '成果目录管理', ADMIN]]),
  // The SMS provider's default is a database outbox; administrators read it here (issue 3).
  ...group('system', 'console', [
    ['smsOutbox', '短信发件箱', ADMIN],
    // CAS Protocol 3.0 (issue 11): the systems allowed to sign their users on through us.
    ['casServices', '统一登录接入服务', ADMIN],
    ['kitExamples', '页面组件示例', ADMIN, detail],
  ]),
];

/** Paths anyone may open without a session (spec section 2, entry rules). */
export const publicPaths: readonly string[] = [
  '/',
  ...routes.filter((route) => route.public).map((route) => route.path),
];

function toPattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

const compiled = routes.map((route) => ({ route, pattern: toPattern(route.path) }));

/** The route a URL path belongs to, if any (dynamic segments like `:type` match one segment). */
export function matchRoute(pathname: string): RouteDef | undefined {
  return compiled.find(({ pattern }) => pattern.test(pathname))?.route;
}

/**
 * The roles of a console page, for the server calls that page makes (who may call them is who may open
 * it). Throws for a route that is not in the table, so a renamed page cannot silently change access.
 */
export function pageRoles(group: RouteGroupId, name: string): readonly RoleId[] {
  const route = routes.find((candidate) => candidate.group === group && candidate.name === name);
  if (!route?.roles) throw new Error(`route table: no page ${group}/${name} with roles`);
  return route.roles;
}

/** Whether a user holding `userRoles` may open `route` (role '1' is implied on every restricted route). */
export function canOpen(route: RouteDef, userRoles: readonly string[]): boolean {
  if (!route.roles) return true;
  return route.roles.some((role) => userRoles.includes(role));
}
