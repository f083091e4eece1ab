/** Projects 1..N with their demands, stage items, authorizations, contracts, logs and audit records, in batches. */
import { stages, surveyItemName, type StageId, type SurveyItemId } from '@shared/domain/stages';
import type { ProjectStatus } from '@shared/domain/statuses';
import type * as schema from '@server/db/schema';
import { randomPointIn } from './geo';
import * as names from './names';
import {
  AGENCY_ORG_ID,
  chinaDate,
  chinaYear,
  DAY,
  HOUR,
  ids,
  OWNER_UNIT_ID,
  type AuditTrail,
  type DemoContext,
  type DemoDistricts,
  type Insert,
} from './demo-context';
import type { DemoParties } from './demo-parties';
import type { ProjectBatch } from './demo';
import { isGovPurchaseContract, templateIdOfStage, type demoGovDocuments } from './demo-contracts';

/** Early projects remembered for the demo accounts' messages, so each message fits its project. */
export interface Highlight {
  name: string;
  status: number;
  unit: string;
  district: string;
  contractNo?: string;
  contractStatus?: number;
  contractAudit?: number;
}

export function demoProjects(
  c: DemoContext,
  geo: DemoDistricts,
  parties: DemoParties,
  trail: AuditTrail,
  govDocuments: ReturnType<typeof demoGovDocuments>,
) {
  const { root, options, nowMs, ago, at } = c;
  const { pickDistrict } = geo;
  const { agentOrganizations, constructionUnits, unitById } = parties;
  const { auditTrail, auditor, auditorName, authority, authorityName } = trail;
  const changeRng = root.fork('auth-changes');
  // Projects.
  const selectableOrgs = agentOrganizations.filter(
    (o) => o.auditStatus === 2 && !o.isLostCredit && !o.isUnqualified && !o.isBlacklisted,
  );
  const approvedUnits = constructionUnits.filter(
    (u) => u.auditStatus === 2 && u.constructionId !== OWNER_UNIT_ID,
  );
  const highlights = { owner: [] as Highlight[], agency: [] as Highlight[], any: [] as Highlight[] };
  const HIGHLIGHTS_KEPT = 80;
  let batchesDone = false;
  const demoAgency = agentOrganizations.find((o) => o.organizationId === AGENCY_ORG_ID);

  const demandAgencyScope = () => demoAgency?.businessScope;

  function* projectBatches(batchSize = 1000): Generator<ProjectBatch> {
    const projectRng = root.fork('projects');
    let demandId = 1;
    let stageItemId = 1;
    let authorizationId = 1;
    let contractId = 1;
    let govAttachmentId = 1;
    let logId = 1;
    let amendmentId = 1;
    // owner01's drafts and released projects: after the last batch they get draft demands and a
    // pending amendment (below), without drawing from the random stream, so the rest stays as it was.
    const ownerProjects: {
      pkid: number;
      status: number;
      fundingParty: string;
      createdAt: Date;
      unitName: string;
    }[] = [];
    const ownerDemands: { pkid: number; projectId: number; stageId: number; items: number[] }[] = [];
    let authChangeId = 1;
    // Demo states guaranteed without drawing from the random stream (so other rows stay as they were):
    // one offer agency01 declined, owner01's change under review and one rejected.
    let agencyDeclined = false;
    const authChangePlans: number[] = [1, 3];
    for (let start = 1; start <= options.projects; start += batchSize) {
      const batch: ProjectBatch = {
        projects: [],
        projectDemands: [],
        projectStageItems: [],
        projectAuthorizations: [],
        contracts: [],
        contractGovAttachments: [],
        projectLogs: [],
        auditRecords: [],
        projectDemandAmendments: [],
        projectAuthChanges: [],
      };
      const end = Math.min(options.projects, start + batchSize - 1);
      for (let pkid = start; pkid <= end; pkid++) {
        const rng = projectRng;
        const status: ProjectStatus = rng.weighted([
          [0, 8],
          [1, 12],
          [2, 9],
          [3, 8],
          [4, 14],
          [5, 9],
          [6, 8],
          [7, 26],
          [9, 6],
        ] as const);
        const reached: ProjectStatus =
          status === 9
            ? rng.weighted([
                [0, 3],
                [1, 4],
                [2, 2],
                [3, 1],
                [4, 1],
                [5, 1],
              ] as const)
            : status;
        const path: ProjectStatus[] = [];
        for (let s = 0; s <= reached; s++) path.push(s as ProjectStatus);
        if (status === 9) path.push(9);
        const minAge = [1, 3, 10, 20, 30, 45, 60, 90][reached] as number;
        const createdAt = ago(rng.int(minAge * 24, (minAge + 700) * 24) * HOUR + rng.int(0, 3_599_999));
        const span = nowMs - createdAt.getTime();
        const fractions = path
          .slice(1)
          .map(() => rng.real(0.02, 0.95))
          .sort((a, b) => a - b);
        const times = [createdAt, ...fractions.map((f) => at(createdAt.getTime() + Math.floor(span * f)))];
        const timeOf = (s: ProjectStatus) => times[path.indexOf(s)] as Date;

        const district = pickDistrict(rng);
        const [lon, lat] = randomPointIn(rng, district.polygon, district.center, 0.02);
        const unit = (rng.chance(0.08) ? unitById.get(OWNER_UNIT_ID) : rng.pick(approvedUnits)) as Insert<
          typeof schema.constructionUnits
        >;
        const unitId = unit.constructionId as number;
        const naming = names.projectNaming(rng, district.short);
        const year = chinaYear(createdAt);
        const isPublic = ['公共服务', '市政道路', '园林绿化'].includes(naming.type);
        const fundingParty = isPublic ? `${names.city.name}财政局` : unit.name;
        const projectNo = `YZ${year}${String(pkid).padStart(6, '0')}`;
        const ownerActor = { actorId: unitId === OWNER_UNIT_ID ? ids.owner : null, actorName: unit.name };
        const auditorActor = { actorId: ids.auditor, actorName: auditorName };
        const isBuilding = ['房屋建筑', '工业厂房', '公共服务', '城市更新'].includes(naming.type);
        const completedAt = status === 7 ? timeOf(7) : null;
        const updatedAt = times[times.length - 1] as Date;
        const project: Insert<typeof schema.projects> = {
          pkid,
          projectName: naming.name,
          projectNo,
          centralCode: `${year}-${district.adminCode}-${rng.pick(['47', '48', '70', '78'])}-0${rng.int(1, 3)}-${String(pkid).padStart(6, '0')}`,
          localCode: rng.chance(0.8) ? `YZXM${year}${rng.digits(5)}` : null,
          constructionId: unitId,
          districtCode: district.code,
          address: names.address(rng, district.name),
          lon,
          lat,
          projectType: naming.type,
          fundingParty,
          contactName: unit.contactName ?? null,
          contactPhone: unit.contactPhone ?? null,
          totalInvestment: rng.int(300, isBuilding ? 120_000 : 40_000),
          landArea: rng.int(2_000, 200_000),
          buildingArea: isBuilding ? rng.int(3_000, 300_000) : null,
          status,
          auditStatus:
            status === 0
              ? rng.weighted([
                  [0, 3],
                  [1, 2],
                  [3, 1],
                ] as const)
              : 2,
          terminationReason:
            status === 9
              ? rng.pick(['建设单位申请终止', '项目规划调整，暂缓建设', '项目取消立项', '建设资金未落实'])
              : null,
          releasedAt: reached >= 1 ? timeOf(1) : null,
          completedAt,
          createdBy: ownerActor.actorId,
          createdAt,
          updatedAt,
        };
        batch.projects.push(project);
        if (unitId === OWNER_UNIT_ID && (status === 0 || status === 1))
          ownerProjects.push({ pkid, status, fundingParty, createdAt, unitName: unit.name });

        const logs = batch.projectLogs;
        const log = (
          from: ProjectStatus | null,
          to: ProjectStatus,
          content: string,
          actor: { actorId: number | null; actorName: string },
        ) =>
          logs.push({
            pkid: logId++,
            projectId: pkid,
            statusFrom: from,
            statusTo: to,
            content,
            createdAt: timeOf(to),
            ...actor,
          });
        log(null, 0, `新建项目：${naming.name}`, ownerActor);

        let orgId: number | undefined;
        let authorizedOrgId: number | undefined;
        let contractNo: string | undefined;
        if (reached >= 1) {
          const stage = rng.weighted(stages.map((s) => [s, s.id === 4 ? 4 : 2] as const));
          const stageItems = stage.items.filter(() => rng.chance(0.6)).map((item) => item.id as SurveyItemId);
          if (stageItems.length === 0) stageItems.push(stage.items[0].id);
          const releasedAt = timeOf(1);
          const demand: Insert<typeof schema.projectDemands> = {
            pkid: demandId++,
            projectId: pkid,
            stageId: stage.id as StageId,
            status,
            fundingParty,
            deadline: chinaDate(at(releasedAt.getTime() + rng.int(20, 90) * DAY)),
            releasedAt,
            createdAt: at(createdAt.getTime() + Math.floor((releasedAt.getTime() - createdAt.getTime()) / 2)),
            updatedAt,
          };
          batch.projectDemands.push(demand);
          if (unitId === OWNER_UNIT_ID && status === 1)
            ownerDemands.push({
              pkid: demand.pkid as number,
              projectId: pkid,
              stageId: stage.id,
              items: stageItems,
            });
          for (const itemId of stageItems) {
            const acceptance =
              status === 6 || status === 7
                ? 2
                : status === 5
                  ? rng.weighted([
                      [1, 60],
                      [2, 25],
                      [3, 15],
                    ] as const)
                  : status === 9 && reached === 5
                    ? 1
                    : 0;
            batch.projectStageItems.push({
              pkid: stageItemId++,
              projectId: pkid,
              demandId: demand.pkid as number,
              itemId,
              resultAcceptance: acceptance,
            });
          }
          const itemNames = stageItems.map((id) => surveyItemName(id)).join('、');
          log(0, 1, `发布测绘需求（${stage.name}：${itemNames}）`, ownerActor);

          const candidates = selectableOrgs.filter((o) =>
            stageItems.every((item) => (o.businessScope as number[]).includes(item)),
          );
          const org = rng.weighted(
            (candidates.length > 0 ? candidates : selectableOrgs).map(
              (o) => [o, o.organizationId === AGENCY_ORG_ID ? 8 : 1] as const,
            ),
          );
          orgId = org.organizationId as number;
          const orgActor = { actorId: orgId === AGENCY_ORG_ID ? ids.agency : null, actorName: org.orgName };
          if (reached >= 2) {
            const acceptedAt = timeOf(2);
            if (rng.chance(0.08)) {
              const other = rng.pick(selectableOrgs);
              if (other.organizationId !== orgId) {
                batch.projectAuthorizations.push({
                  pkid: authorizationId++,
                  projectId: pkid,
                  demandId: demand.pkid as number,
                  organizationId: other.organizationId as number,
                  state: 2,
                  reason: '机构业务饱和，无法按期承接',
                  authorizedBy: ownerActor.actorId,
                  authorizedAt: at(releasedAt.getTime() + 60_000),
                  respondedAt: at(releasedAt.getTime() + 120_000),
                });
              }
            }
            batch.projectAuthorizations.push({
              pkid: authorizationId++,
              projectId: pkid,
              demandId: demand.pkid as number,
              organizationId: orgId,
              state: 1,
              authorizedBy: ownerActor.actorId,
              authorizedAt: at(
                acceptedAt.getTime() - Math.floor((acceptedAt.getTime() - releasedAt.getTime()) / 3),
              ),
              respondedAt: acceptedAt,
            });
            authorizedOrgId = orgId;
            log(1, 2, `委托${org.orgName}承担测绘，机构已接受委托`, orgActor);
            const agencyCovers = stageItems.every((item) =>
              ((demandAgencyScope() ?? []) as number[]).includes(item),
            );
            if (!agencyDeclined && orgId !== AGENCY_ORG_ID && agencyCovers && status === 2) {
              agencyDeclined = true;
              batch.projectAuthorizations.push({
                pkid: authorizationId++,
                projectId: pkid,
                demandId: demand.pkid as number,
                organizationId: AGENCY_ORG_ID,
                state: 2,
                reason: '本机构近期任务饱和，无法按期承接',
                authorizedBy: ownerActor.actorId,
                authorizedAt: at(releasedAt.getTime() + 30_000),
                respondedAt: at(releasedAt.getTime() + 90_000),
              });
            }
          } else if (status === 1 && rng.chance(0.5)) {
            authorizedOrgId = orgId;
            batch.projectAuthorizations.push({
              pkid: authorizationId++,
              projectId: pkid,
              demandId: demand.pkid as number,
              organizationId: orgId,
              state: 0,
              authorizedBy: ownerActor.actorId,
              authorizedAt: at(releasedAt.getTime() + Math.floor((nowMs - releasedAt.getTime()) / 2)),
            });
          }

          // owner01's authorization changes: one waiting for the authority, one it rejected.
          const liveOffer = batch.projectAuthorizations.findLast(
            (offer) => offer.projectId === pkid && (offer.state === 0 || offer.state === 1),
          );
          const target = candidates.find((o) => o.organizationId !== orgId);
          if (
            unitId === OWNER_UNIT_ID &&
            (status === 1 || status === 2) &&
            liveOffer &&
            target &&
            authChangePlans.length > 0
          ) {
            const auditStatus = authChangePlans.shift() as number;
            const askedAt = at(nowMs - (auditStatus === 1 ? 2 : 9) * DAY);
            batch.projectAuthChanges.push({
              pkid: authChangeId++,
              projectId: pkid,
              demandId: demand.pkid as number,
              authorizationId: liveOffer.pkid as number,
              fromOrganizationId: liveOffer.organizationId,
              toOrganizationId: target.organizationId as number,
              reason: auditStatus === 1 ? '原机构人员不足，外业进度滞后' : '希望由本地机构承担',
              auditStatus,
              applicantId: ids.owner,
              createdAt: askedAt,
              updatedAt: auditStatus === 1 ? askedAt : at(askedAt.getTime() + DAY),
            });
            logs.push({
              pkid: logId++,
              projectId: pkid,
              statusFrom: status,
              statusTo: status,
              content: `申请授权变更：由${org.orgName}变更为${target.orgName}`,
              createdAt: askedAt,
              ...ownerActor,
            });
            auditTrail(
              changeRng,
              'auth_change',
              authChangeId - 1,
              auditStatus,
              unit.name,
              askedAt,
              at(askedAt.getTime() + DAY),
              authority,
              batch.auditRecords,
            );
            if (auditStatus === 3)
              logs.push({
                pkid: logId++,
                projectId: pkid,
                statusFrom: status,
                statusTo: status,
                content: `授权变更未通过审核（${org.orgName} → ${target.orgName}）`,
                createdAt: at(askedAt.getTime() + DAY),
                actorId: ids.authority,
                actorName: authorityName,
              });
          }

          const hasContract = reached >= 3 || (status === 2 && rng.chance(0.7));
          if (hasContract) {
            const id = contractId++;
            contractNo = `YZHT${year}${String(id).padStart(6, '0')}`;
            const filed = reached >= 3;
            const contractStatus = filed
              ? status === 9
                ? 9
                : 3
              : rng.weighted([
                  [0, 1],
                  [1, 2],
                  [2, 2],
                ] as const);
            const contractAudit = filed
              ? 2
              : contractStatus === 2
                ? rng.weighted([
                    [1, 3],
                    [3, 1],
                  ] as const)
                : 0;
            const draftedAt = at(timeOf(2).getTime() + HOUR);
            const contractCreated = draftedAt.getTime() > nowMs ? ago(HOUR) : draftedAt;
            const signedAt = filed
              ? at(timeOf(3).getTime() - Math.floor((timeOf(3).getTime() - timeOf(2).getTime()) / 2))
              : null;
            const filedAt = filed ? timeOf(3) : null;
            batch.contracts.push({
              contractId: id,
              contractNo,
              contractName: `${naming.name}测绘服务合同`,
              projectId: pkid,
              demandId: demand.pkid as number,
              organizationId: orgId,
              constructionId: unitId,
              amount: `${stageItems.length * rng.int(80, 800) * 100}.00`,
              status: contractStatus,
              auditStatus: contractAudit,
              signedOn: signedAt ? chinaDate(signedAt) : null,
              filedAt,
              templateId: templateIdOfStage(stage.id),
              filingNo: filed ? `YZBA${year}${String(id).padStart(6, '0')}` : null,
              isGovPurchase: isGovPurchaseContract(id),
              createdAt: contractCreated,
              updatedAt: filedAt ?? contractCreated,
            });
            if (isGovPurchaseContract(id) && contractStatus !== 0) {
              for (const attachment of govDocuments.attachmentsOf(id, contractCreated))
                batch.contractGovAttachments.push({ pkid: govAttachmentId++, ...attachment });
            }
            const submittedAt =
              signedAt ?? at(contractCreated.getTime() + Math.floor((nowMs - contractCreated.getTime()) / 2));
            const decidedAt =
              filedAt ?? at(submittedAt.getTime() + Math.floor((nowMs - submittedAt.getTime()) / 2));
            auditTrail(
              rng,
              'contract',
              id,
              contractAudit,
              org.orgName,
              submittedAt,
              decidedAt,
              auditor,
              batch.auditRecords,
            );
          }
          if (reached >= 3) log(2, 3, `测绘合同（${contractNo}）已备案`, auditorActor);
          if (reached >= 4) log(3, 4, '测绘作业开始', orgActor);
          if (reached >= 5) log(4, 5, `提交测绘成果（${stageItems.length}项）`, orgActor);
          if (reached >= 6) log(5, 6, '测绘成果审核通过，已验收', auditorActor);
          if (reached >= 7) log(6, 7, '核发测绘成果证书，项目办结', auditorActor);
        }
        if (status === 9) log(reached, 9, `项目终止：${project.terminationReason}`, ownerActor);

        const contract = batch.contracts.at(-1);
        const highlight: Highlight = {
          name: naming.name,
          status,
          unit: unit.name,
          district: district.short,
          ...(contract && contract.projectId === pkid
            ? {
                contractNo: contract.contractNo,
                contractStatus: contract.status,
                contractAudit: contract.auditStatus,
              }
            : {}),
        };
        if (highlights.any.length < HIGHLIGHTS_KEPT) highlights.any.push(highlight);
        if (unitId === OWNER_UNIT_ID && highlights.owner.length < HIGHLIGHTS_KEPT)
          highlights.owner.push(highlight);
        if (authorizedOrgId === AGENCY_ORG_ID && highlights.agency.length < HIGHLIGHTS_KEPT) {
          highlights.agency.push(highlight);
        }
      }
      if (end === options.projects) ownerExtras(batch);
      yield batch;
    }
    batchesDone = true;

    /**
     * owner01's demand work in progress (issue 13): its first drafts get a draft demand each (to add
     * attachments to and release), and its first released project whose demand misses an item of its
     * stage gets an amendment adding it, submitted and waiting for the authority (their to-do).
     */
    function ownerExtras(batch: ProjectBatch) {
      const ownerActor = { actorId: ids.owner };
      const drafts = ownerProjects.filter((p) => p.status === 0).slice(0, 3);
      drafts.forEach((p, index) => {
        const stage = stages[index % stages.length] as (typeof stages)[number];
        const items = stage.items.map((item) => item.id as SurveyItemId);
        const createdAt = at(p.createdAt.getTime() + HOUR);
        batch.projectDemands.push({
          pkid: demandId,
          projectId: p.pkid,
          stageId: stage.id as StageId,
          status: 0,
          fundingParty: p.fundingParty,
          remark: '请按规范完成测绘，成果提交电子版和纸质版各一份。',
          createdAt,
          updatedAt: createdAt,
        });
        for (const itemId of items)
          batch.projectStageItems.push({ pkid: stageItemId++, projectId: p.pkid, demandId, itemId });
        batch.projectLogs.push({
          pkid: logId++,
          projectId: p.pkid,
          statusFrom: 0,
          statusTo: 0,
          content: `新建测绘需求（${stage.name}：${items.map((id) => surveyItemName(id)).join('、')}）`,
          actorName: p.unitName,
          createdAt,
          ...ownerActor,
        });
        demandId++;
      });
      for (const demand of ownerDemands) {
        const stage = stages.find((s) => s.id === demand.stageId);
        const present = demand.items;
        const missing =
          stage?.items.map((item) => item.id as number).filter((id) => !present.includes(id)) ?? [];
        if (!stage || missing.length === 0) continue;
        const project = ownerProjects.find((p) => p.pkid === demand.projectId);
        if (!project) continue;
        const submittedAt = ago(2 * DAY);
        const pkid = amendmentId++;
        batch.projectDemandAmendments.push({
          pkid,
          demandId: demand.pkid,
          projectId: demand.projectId,
          itemIds: missing,
          reason: '规划调整后需补充测绘事项',
          auditStatus: 1,
          createdBy: ids.owner,
          createdAt: submittedAt,
          updatedAt: submittedAt,
        });
        // status 1: only the submission is recorded (no random opinion is drawn).
        auditTrail(
          root,
          'demand_amend',
          pkid,
          1,
          project.unitName,
          submittedAt,
          null,
          authority,
          batch.auditRecords,
        );
        batch.projectLogs.push({
          pkid: logId++,
          projectId: demand.projectId,
          statusFrom: 1,
          statusTo: 1,
          content: `申请追加测绘事项（${stage.name}：${missing.map((id) => surveyItemName(id as SurveyItemId)).join('、')}），待审核`,
          actorName: project.unitName,
          createdAt: submittedAt,
          ...ownerActor,
        });
        break;
      }
    }
  }
  return { projectBatches, highlights, isDone: () => batchesDone };
}
export type DemoProjects = ReturnType<typeof demoProjects>;
