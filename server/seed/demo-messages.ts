/** A few read and unread messages for every demo account, about the projects of the data set. */
import { roles, type RoleKey } from '@shared/domain/roles';
import { builtRouteFor } from '@shared/domain/console-pages';
import { canOpen } from '@shared/domain/routes';
import type * as schema from '@server/db/schema';
import { demoAccounts, HOUR, type DemoContext, type Insert } from './demo-context';
import type { DemoParties } from './demo-parties';
import type { DemoProjects, Highlight } from './demo-projects';
import type { DemoDistricts } from './demo-context';

export function demoMessages(
  c: DemoContext,
  geo: DemoDistricts,
  parties: DemoParties,
  projects: DemoProjects,
) {
  const { root, ago } = c;
  const { seat } = geo;
  const { agentOrganizations, constructionUnits } = parties;
  const { highlights } = projects;
  const batchesDone = projects.isDone();
  function messages(): Insert<typeof schema.messages>[] {
    if (!batchesDone) throw new Error('messages() needs the project batches to be consumed first');
    const rng = root.fork('messages');
    const fallbackName = `${seat.short}示范项目`;
    /** The n-th remembered project in one of the statuses (and district), else any, else a made-up name. */
    const find = (list: Highlight[], statuses: readonly number[], n = 0, district?: string) =>
      list.filter((p) => statuses.includes(p.status) && (!district || p.district === district))[n] ??
      list[n] ??
      highlights.any[n];
    const nameOf = (p: Highlight | undefined) => p?.name ?? fallbackName;
    const own = (statuses: readonly number[], n = 0) => nameOf(find(highlights.owner, statuses, n));
    const work = (statuses: readonly number[], n = 0) => nameOf(find(highlights.agency, statuses, n));
    const any = (statuses: readonly number[], n = 0, district?: string) =>
      nameOf(find(highlights.any, statuses, n, district));
    const contractWhere = (list: Highlight[], test: (p: Highlight) => boolean) =>
      list.find((p) => p.contractNo && test(p))?.contractNo ??
      highlights.any.find((p) => p.contractNo)?.contractNo ??
      'YZHT2026000001';
    const ownContract = contractWhere(highlights.owner, (p) => p.contractStatus === 1);
    const agencyContract = contractWhere(highlights.agency, (p) => p.contractStatus === 3);
    const pendingFiling = contractWhere(highlights.any, (p) => p.contractAudit === 1);
    const agencyUnit = find(highlights.agency, [1])?.unit ?? (constructionUnits[4]?.name as string);
    const pendingOrg = agentOrganizations.find((o) => o.auditStatus === 1)?.orgName as string;
    const pendingUnit = constructionUnits.find((u) => u.auditStatus === 1)?.name as string;
    const agencyName = agentOrganizations[0]?.orgName as string;
    const seatName = seat.short;
    const perAccount: Record<RoleKey, [content: string, link: string | null][]> = {
      admin: [
        [`${pendingOrg}提交了机构入驻申请，请安排审核人员`, '/audituser/agentorg_audit_users'],
        ['定时任务“测绘办件时限检查”已执行完成', '/task/time'],
        [`新用户注册：${pendingUnit}`, null],
        ['系统将于本周六 22:00-24:00 进行例行维护', null],
        [`本月新增测绘项目 ${rng.int(40, 120)} 个`, '/noticemanger/statistical'],
        ['数据备份已完成', null],
      ],
      owner: [
        [`${agencyName}已接受您的委托（项目：${own([2, 3, 4])}）`, '/demandmanger/releaseList'],
        [`合同（${ownContract}）待您确认`, '/contract/backlogList'],
        [`项目“${own([6])}”测绘成果已验收`, '/workflow/progressQuery'],
        [`项目“${own([1])}”测绘需求已发布`, '/demandmanger/releaseList'],
        ['您的单位信息认证已通过', '/construction/update'],
        [`项目“${own([7])}”已办结，欢迎对测绘机构进行评价`, '/evaluatemanger/smoEvaluteList'],
      ],
      agency: [
        [`${agencyUnit}向贵机构发起测绘委托（项目：${work([1])}），请及时处理`, '/notdchy/toDoList'],
        [`合同（${agencyContract}）备案审核通过`, '/contract/ContractList'],
        [
          `项目“${work([5])}”测绘成果被退回：成果图件与技术报告不一致，请修改后重新提交`,
          '/workflow/ToDoList',
        ],
        ['贵机构的信息变更申请已审核通过', '/usercenter/OrgChangeDone'],
        [`项目“${work([6, 7])}”已验收`, '/workflow/myCaseList'],
        ['请于本月底前完成从业人员信息年度核对', '/orgstaff/stafflist'],
      ],
      staff: [
        [`您有新的办件待处理：${work([3, 4])}`, '/workflow/ToDoList'],
        [`项目“${work([4], 1)}”已分配给您`, '/workflow/myCaseList'],
        [`项目“${work([4], 2)}”成果提交将于 3 日后到期`, '/workflow/myCaseList'],
        ['您的从业人员信息审核已通过', null],
        [`项目“${work([6, 7], 1)}”已验收`, '/workflow/myCaseList'],
        ['请及时更新执业证书信息', null],
      ],
      authority: [
        [`${pendingOrg}提交了机构入驻申请，请审核`, '/intermediary/orglist'],
        [`${agentOrganizations[5]?.orgName}提交了机构信息变更申请，请审核`, '/intermediary/OrgChange'],
        [`${pendingUnit}提交了建设单位认证申请，请审核`, '/usercenter/jsdwVerify'],
        ['有 3 名从业人员信息待审核', '/orgstaff/personnelReview'],
        ['本季度测绘中介机构信用评价已生成', '/credit/lose'],
        ['本月测绘成果验收统计已生成，请查看', '/query/achievementQuery'],
      ],
      auditor: [
        [`合同（${pendingFiling}）待备案审核`, '/contract/filingbacklogList'],
        [`项目“${any([5])}”提交了测绘成果，请审核`, '/workflow/ToDoList'],
        [`项目“${any([5], 1)}”待验收发证`, '/workflow/ToDoList'],
        [`项目“${any([2])}”合同备案任务已转办给您`, '/contract/contractToDoList'],
        [`项目“${any([6, 7])}”成果已采纳`, '/workflow/DoneList'],
        ['本周待办已全部处理', null],
      ],
      // The first three (unread) lead to pages the district may open: its work home's to-dos.
      district: [
        [`${seatName}项目“${any([3, 4], 0, seatName)}”合同已备案，请核对`, '/contract/contractCompleteList'],
        ['请核查辖区内中介机构的失信情况', '/intermediary/dishonest'],
        [`${seatName}本月项目统计已生成，请核对`, '/noticemanger/statistical'],
        [`项目“${any([5], 0, seatName)}”测绘成果已提交`, '/workflow/ResultDetailsSubofficemenu'],
        [`项目“${any([7], 0, seatName)}”已办结`, '/query/districtCounty'],
        [`项目“${any([1], 0, seatName)}”已发布测绘需求`, '/query/projectQuery'],
      ],
      // The first three (unread) lead to pages the sharing unit may open: its work home's to-dos.
      sharing: [
        [`项目“${any([7], 4)}”合同已备案，成果可申请共享`, '/contract/contractCompleteList'],
        ['本月共享成果统计已生成，请查看', '/noticemanger/statistical'],
        [`您申请的项目“${any([7], 2)}”成果已审批通过，可下载`, '/workflow/applyProjectRecording'],
        [`成果共享申请（项目：${any([7], 3)}）已提交`, '/workflow/applyProjectRecording'],
        [`您申请的项目“${any([6, 7], 5)}”成果未通过审批：申请用途不明确`, '/workflow/applyProjectRecording'],
        ['成果共享目录已更新', '/workflow/AchievementSharing'],
      ],
    };
    const rows: Insert<typeof schema.messages>[] = [];
    for (const account of demoAccounts) {
      perAccount[account.role].forEach(([messageContent, wanted], i) => {
        const link = pageForReader(wanted, account.role);
        // The first three are new (unread), the rest older and read.
        const hoursAgo = i < 3 ? rng.int(1, 72) : rng.int(96, 900);
        rows.push({
          messageId: rows.length + 1,
          userId: account.pkid,
          messageContent,
          link,
          addTime: ago(hoursAgo * HOUR),
          hasRead: i >= 3,
        });
      });
    }
    return rows;
  }
  return messages();
}

/**
 * A message links only to a page that exists for its reader (issue 11: 39 of 40 demo links opened
 * '页面不存在'): a built console page the reader's role may open. Any other link is a mistake in the
 * list above, refused when the demo is made (a message that silently lost its link was a to-do
 * leading nowhere).
 */
export function pageForReader(link: string | null, role: RoleKey): string | null {
  if (link === null) return null;
  const route = builtRouteFor(link);
  if (!route || !canOpen(route, [roles[role].id]))
    throw new Error(
      `demo message for ${role} links to ${link}, which ${route ? 'it may not open' : 'is not built'}`,
    );
  return link;
}
