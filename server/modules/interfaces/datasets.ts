/**
 * The datasets an interface may be defined over: the one list (docs/interfaces.md, "Adding a
 * dataset"). Each declares its fields — the name the caller sees, a Chinese label, the type (which
 * decides the operators, shared/domain/interfaces.ts), the SQL it reads — and which are classified
 * (phone numbers, ID numbers, contact persons, codes): those are listed so the console can say why, but
 * no interface may return them or filter on them.
 *
 * A field's `sql` is a column or an expression of the dataset's own `rows` query; values never go
 * into it (conditions bind them, server/modules/interfaces/conditions.ts).
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Queryable } from '@server/db/database';
import type { AnnouncedTable } from '@server/lib/result-cache';
import {
  agentOrganizations,
  contracts,
  districts,
  projectDemands,
  projects,
  stages,
} from '@server/db/schema';
import type { FieldType } from '@shared/domain/interfaces';
import {
  auditStatus,
  contractStatus,
  projectStatus,
  qualificationGrade,
  type StatusEntry,
  type StatusTable,
} from '@shared/domain/statuses';

export interface DatasetField {
  label: string;
  type: FieldType;
  sql: AnyPgColumn | SQL;
  /** Never returned nor filtered on. */
  classified?: true;
  /** The code list of a `code` field. */
  codes?: StatusTable<StatusEntry<number>>;
}

export interface Dataset {
  id: string;
  label: string;
  description: string;
  fields: Readonly<Record<string, DatasetField>>;
  /** The dataset's rows with the joins its fields need, selecting `selection`. */
  rows(db: Queryable, selection: Record<string, SQL | AnyPgColumn>): PgSelect;
  /** A unique key: the stable order pages are cut from. */
  order: AnyPgColumn;
  /** The tables `rows` reads: a change to any of them drops the pages kept in memory (run-query.ts). */
  tables: readonly AnnouncedTable[];
}

/** A timestamp read as its calendar day in the city's time zone, for `date` fields. */
const day = (column: AnyPgColumn) => sql`(${column} at time zone 'Asia/Shanghai')::date`;

const text = (label: string, column: AnyPgColumn | SQL): DatasetField => ({
  label,
  type: 'text',
  sql: column,
});
const classified = (label: string, column: AnyPgColumn): DatasetField => ({
  label,
  type: 'text',
  sql: column,
  classified: true,
});
const number = (label: string, column: AnyPgColumn | SQL): DatasetField => ({
  label,
  type: 'number',
  sql: column,
});
const date = (label: string, column: AnyPgColumn | SQL): DatasetField => ({
  label,
  type: 'date',
  sql: column,
});
const code = (label: string, column: AnyPgColumn, codes: StatusTable<StatusEntry<number>>): DatasetField => ({
  label,
  type: 'code',
  sql: column,
  codes,
});

const p = projects;
const d = projectDemands;
const c = contracts;
const a = agentOrganizations;

export const datasets: readonly Dataset[] = [
  {
    id: 'projects',
    label: '项目',
    description: '建设项目：编号、名称、区县、类型、投资与面积、状态',
    fields: {
      projectId: number('项目编号（内部）', p.pkid),
      projectNo: text('项目编号', p.projectNo),
      projectName: text('项目名称', p.projectName),
      centralCode: text('项目代码（审批平台）', p.centralCode),
      districtCode: text('区县代码', p.districtCode),
      districtName: text('区县名称', districts.districtName),
      address: text('项目地址', p.address),
      projectType: text('项目类型', p.projectType),
      fundingParty: text('出资方', p.fundingParty),
      totalInvestment: number('总投资（万元）', p.totalInvestment),
      landArea: number('用地面积（平方米）', p.landArea),
      buildingArea: number('建筑面积（平方米）', p.buildingArea),
      status: code('项目状态', p.status, projectStatus),
      releasedOn: date('发布日期', day(p.releasedAt)),
      createdOn: date('登记日期', day(p.createdAt)),
      contactName: classified('联系人', p.contactName),
      contactPhone: classified('联系电话', p.contactPhone),
    },
    rows: (db, selection) =>
      db.select(selection).from(p).leftJoin(districts, eq(districts.districtCode, p.districtCode)).$dynamic(),
    order: p.pkid,
    tables: ['projects', 'districts'],
  },
  {
    id: 'demands',
    label: '测绘需求',
    description: '项目各阶段发布的测绘需求：所属项目、阶段、状态、期限',
    fields: {
      demandId: number('需求编号', d.pkid),
      projectNo: text('项目编号', p.projectNo),
      projectName: text('项目名称', p.projectName),
      districtCode: text('区县代码', p.districtCode),
      stageName: text('阶段', stages.name),
      status: code('需求状态', d.status, projectStatus),
      fundingParty: text('出资方', d.fundingParty),
      deadline: date('完成期限', d.deadline),
      releasedOn: date('发布日期', day(d.releasedAt)),
      remark: text('备注', d.remark),
      contactPhone: classified('项目联系电话', p.contactPhone),
    },
    rows: (db, selection) =>
      db
        .select(selection)
        .from(d)
        .innerJoin(p, eq(p.pkid, d.projectId))
        .innerJoin(stages, eq(stages.stageId, d.stageId))
        .$dynamic(),
    order: d.pkid,
    tables: ['project_demands', 'projects', 'stages'],
  },
  {
    id: 'agencies',
    label: '中介机构',
    description: '测绘中介机构：名称、信用代码、资质、区县、人数、审核状态',
    fields: {
      organizationId: number('机构编号', a.organizationId),
      orgName: text('机构名称', a.orgName),
      credential: text('统一社会信用代码', a.credential),
      legalPersonName: text('法定代表人', a.legalPersonName),
      qualificationGrade: code('资质等级', a.qualificationGrade, qualificationGrade),
      qualificationCertNo: text('资质证书编号', a.qualificationCertNo),
      qualificationValidUntil: date('资质有效期至', a.qualificationValidUntil),
      districtCode: text('区县代码', a.districtCode),
      address: text('地址', a.address),
      employeeCount: number('从业人数', a.employeeCount),
      establishedOn: date('成立日期', a.establishedOn),
      auditStatus: code('审核状态', a.auditStatus, auditStatus),
      contactName: classified('联系人', a.contactName),
      contactPhone: classified('联系电话', a.contactPhone),
      email: classified('电子邮箱', a.email),
    },
    rows: (db, selection) => db.select(selection).from(a).$dynamic(),
    order: a.organizationId,
    tables: ['agent_organizations'],
  },
  {
    id: 'contracts',
    label: '测绘合同',
    description: '测绘合同：编号、项目、承接机构、金额、状态、备案',
    fields: {
      contractId: number('合同编号（内部）', c.contractId),
      contractNo: text('合同编号', c.contractNo),
      contractName: text('合同名称', c.contractName),
      projectNo: text('项目编号', p.projectNo),
      projectName: text('项目名称', p.projectName),
      orgName: text('承接机构', a.orgName),
      amount: number('合同金额（元）', c.amount),
      status: code('合同状态', c.status, contractStatus),
      auditStatus: code('备案审核状态', c.auditStatus, auditStatus),
      signedOn: date('签订日期', c.signedOn),
      filingNo: text('备案编号', c.filingNo),
      startOn: date('测绘开始日期', c.startOn),
      endOn: date('测绘结束日期', c.endOn),
      ownerSmsCode: classified('甲方确认短信验证码', c.ownerSmsCode),
      agencySmsCode: classified('乙方确认短信验证码', c.agencySmsCode),
    },
    rows: (db, selection) =>
      db
        .select(selection)
        .from(c)
        .innerJoin(p, eq(p.pkid, c.projectId))
        .innerJoin(a, eq(a.organizationId, c.organizationId))
        .$dynamic(),
    order: c.contractId,
    tables: ['contracts', 'projects', 'agent_organizations'],
  },
];

export function findDataset(id: string): Dataset | undefined {
  return datasets.find((dataset) => dataset.id === id);
}
