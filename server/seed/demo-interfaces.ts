/**
 * Demo data interfaces (issue 25, docs/interfaces.md): three interfaces over projects, contracts and
 * agencies, two consuming systems (one revoked) and a week of access log, whose row counts are what
 * the interfaces answer on the demo data (run through the module's own query). The keys are random and
 * never shown (an administrator makes a new one to try an interface), so they are not part of the demo
 * digest.
 */
import { eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import * as schema from '@server/db/schema';
import { addConsumer, runInterface } from '@server/modules/interfaces';
import { AppError } from '@shared/errors/app-error';
import { chinaDate, DAY, HOUR, ids } from './demo-context';

const definitions: (typeof schema.dataInterfaces.$inferInsert)[] = [
  {
    code: 'projectsByDistrict',
    name: '按区县查询已发布项目',
    description: '不动产登记等系统按区县和投资规模查询已发布的建设项目。',
    dataset: 'projects',
    fields: [
      'projectNo',
      'projectName',
      'districtName',
      'projectType',
      'totalInvestment',
      'status',
      'releasedOn',
    ],
    conditions: [
      { field: 'districtCode', operator: 'eq', source: 'param', param: 'district' },
      { field: 'totalInvestment', operator: 'ge', source: 'param', param: 'minInvestment' },
      { field: 'status', operator: 'include', source: 'fixed', value: '1,2,3,4,5,6,7' },
    ],
    rowCap: 1000,
  },
  {
    code: 'filedContracts',
    name: '已备案测绘合同',
    description: '按签订日期区间查询已备案的测绘合同。',
    dataset: 'contracts',
    fields: ['contractNo', 'contractName', 'projectName', 'orgName', 'amount', 'signedOn', 'filingNo'],
    conditions: [
      { field: 'status', operator: 'eq', source: 'fixed', value: '3' },
      { field: 'signedOn', operator: 'ge', source: 'param', param: 'signedFrom' },
      { field: 'signedOn', operator: 'le', source: 'param', param: 'signedTo' },
    ],
    rowCap: 2000,
  },
  {
    code: 'agencyDirectory',
    name: '测绘中介机构名录',
    description: '审核通过的测绘中介机构，按名称模糊查询。',
    dataset: 'agencies',
    fields: ['orgName', 'credential', 'qualificationGrade', 'qualificationValidUntil', 'districtCode'],
    conditions: [
      { field: 'auditStatus', operator: 'eq', source: 'fixed', value: '2' },
      { field: 'orgName', operator: 'fuzzy', source: 'param', param: 'name' },
    ],
    rowCap: 500,
  },
];

export async function seedDemoInterfaces(t: Queryable, now: Date): Promise<number> {
  const created = await t
    .insert(schema.dataInterfaces)
    .values(
      definitions.map((d) => ({
        ...d,
        createdBy: ids.admin,
        createdAt: new Date(now.getTime() - 30 * DAY),
        updatedAt: new Date(now.getTime() - 30 * DAY),
      })),
    )
    .returning();
  const byCode = new Map(created.map((record) => [record.code, record]));
  const inAYear = chinaDate(new Date(now.getTime() + 365 * DAY));
  const registry = await addConsumer(
    t,
    ids.admin,
    { name: '不动产登记系统', contact: '市不动产登记中心 信息科', expiresOn: inAYear, rateLimit: 120 },
    new Date(now.getTime() - 20 * DAY),
  );
  const planning = await addConsumer(
    t,
    ids.admin,
    { name: '规划审批系统（旧）', contact: '市规划和自然资源局', expiresOn: inAYear, rateLimit: 60 },
    new Date(now.getTime() - 25 * DAY),
  );
  await t
    .update(schema.interfaceConsumers)
    .set({ revokedAt: new Date(now.getTime() - 10 * DAY) })
    .where(eq(schema.interfaceConsumers.id, planning.id));

  const [district] = await t
    .select({ code: schema.districts.districtCode })
    .from(schema.districts)
    .where(eq(schema.districts.districtCode, '3799002'));
  const calls: { code: string; params: Record<string, string>; daysAgo: number; consumer: number | null }[] =
    [
      {
        code: 'projectsByDistrict',
        params: { district: district?.code ?? '3799002', minInvestment: '0' },
        daysAgo: 6,
        consumer: registry.id,
      },
      {
        code: 'projectsByDistrict',
        params: { district: district?.code ?? '3799002', minInvestment: '5000' },
        daysAgo: 5,
        consumer: registry.id,
      },
      { code: 'projectsByDistrict', params: { district: '3799002' }, daysAgo: 5, consumer: registry.id },
      {
        code: 'filedContracts',
        params: { signedFrom: chinaDate(new Date(now.getTime() - 365 * DAY)), signedTo: chinaDate(now) },
        daysAgo: 4,
        consumer: registry.id,
      },
      {
        code: 'filedContracts',
        params: { signedFrom: '2026-13-01', signedTo: chinaDate(now) },
        daysAgo: 3,
        consumer: registry.id,
      },
      { code: 'agencyDirectory', params: { name: '测绘' }, daysAgo: 2, consumer: registry.id },
      { code: 'agencyDirectory', params: { name: '测绘 院' }, daysAgo: 1, consumer: registry.id },
      {
        code: 'projectsByDistrict',
        params: { district: '3799002', minInvestment: '0' },
        daysAgo: 1,
        consumer: planning.id,
      },
    ];
  const rows: (typeof schema.interfaceAccessLog.$inferInsert)[] = [];
  for (const [index, call] of calls.entries()) {
    const record = byCode.get(call.code)!;
    const input = { interfaceCode: call.code, pageNum: 1, pageSize: 20, ...call.params };
    const at = new Date(now.getTime() - call.daysAgo * DAY + (index + 9) * HOUR);
    let status = 200;
    let message: string | null = null;
    let rowCount = 0;
    if (call.consumer === planning.id) {
      status = 401;
      message = '接口密钥已被吊销，请向管理员申请新的密钥';
    } else {
      try {
        rowCount = (await runInterface(t, record, input)).rows.length;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        status = error.status;
        message = error.message;
      }
    }
    rows.push({
      consumerId: call.consumer,
      interfaceId: record.id,
      interfaceCode: call.code,
      params: input,
      rowCount,
      status,
      message,
      durationMs: 3 + (index % 4),
      at,
    });
  }
  await t.insert(schema.interfaceAccessLog).values(rows);
  await t
    .update(schema.interfaceConsumers)
    .set({ lastUsedAt: rows.filter((r) => r.consumerId === registry.id).at(-1)!.at! })
    .where(eq(schema.interfaceConsumers.id, registry.id));
  return created.length;
}
