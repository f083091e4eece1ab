/** Agencies (with credit flags), their staff, and construction units, each with its audit trail. */
import { stages, surveyItemName } from '@shared/domain/stages';
import type { AuditStatus } from '@shared/domain/statuses';
import type * as schema from '@server/db/schema';
import * as names from './names';
import type { Rng } from './random';
import {
  AGENCY_ORG_ID,
  chinaDate,
  DAY,
  HOUR,
  ids,
  OWNER_UNIT_ID,
  type AuditTrail,
  type DemoContext,
  type DemoDistricts,
  type Insert,
} from './demo-context';

export function demoParties(c: DemoContext, geo: DemoDistricts, trail: AuditTrail) {
  const { root, nowMs, ago, at } = c;
  const { districts, seat, pickDistrict } = geo;
  const { auditTrail, authority } = trail;
  // Parties.
  const partyRng = root.fork('parties');
  const usedNames = new Set<string>();
  const unique = (make: () => string) => {
    let name = make();
    while (usedNames.has(name)) name = make();
    usedNames.add(name);
    return name;
  };
  const randomPast = (rng: Rng, minDays: number, maxDays: number) =>
    ago(rng.int(minDays * 24, maxDays * 24) * HOUR);

  const orgCount = 60;
  const agentOrganizations: Insert<typeof schema.agentOrganizations>[] = [];
  for (let id = 1; id <= orgCount; id++) {
    const rng = partyRng.fork(`org-${id}`);
    const isDemo = id === AGENCY_ORG_ID;
    const status: AuditStatus = isDemo
      ? 2
      : id <= 4
        ? (([1, 3, 0] as const)[id - 2] as AuditStatus)
        : rng.weighted([
            [2, 72],
            [1, 12],
            [3, 8],
            [0, 8],
          ] as const);
    const district = isDemo ? seat : pickDistrict(rng);
    const grade = isDemo ? 1 : rng.chance(0.3) ? 1 : 2;
    const scope = isDemo
      ? stages.flatMap((s) => s.items.map((item) => item.id))
      : stages
          .flatMap((s) => s.items.map((item) => item.id))
          .filter(() => rng.chance(grade === 1 ? 0.85 : 0.6));
    if (scope.length < 2) scope.push(401, 402);
    const createdAt = randomPast(rng, 60, 1500);
    const submittedAt = status === 0 ? null : at(createdAt.getTime() + rng.int(1, 72) * HOUR);
    const auditedAt = status >= 2 && submittedAt ? at(submittedAt.getTime() + rng.int(4, 96) * HOUR) : null;
    const orgName = unique(() => names.agencyName(rng));
    const establishedYear = rng.int(2003, 2022);
    agentOrganizations.push({
      organizationId: id,
      userId: isDemo ? ids.agency : null,
      orgName,
      credential: status === 0 && rng.chance(0.5) ? null : names.creditCode(rng, district.adminCode),
      registrationOrgan: `${names.city.name}${rng.chance(0.5) ? '' : district.short}市场监督管理局`,
      legalPersonName: names.personName(rng),
      qualificationGrade: grade,
      qualificationCertNo: `${grade === 1 ? '甲' : '乙'}测资字${names.city.areaCode}${rng.digits(4)}`,
      qualificationValidUntil: chinaDate(at(nowMs + rng.int(120, 1800) * DAY)),
      businessScope: [...new Set(scope)].sort((a, b) => a - b),
      districtCode: district.code,
      address: names.address(rng, district.name),
      contactName: names.personName(rng),
      contactPhone: names.mobile(rng),
      email: `service${String(id).padStart(3, '0')}@example.com`,
      employeeCount: rng.int(12, 180),
      establishedOn: `${establishedYear}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
      introduction: `${orgName}成立于${establishedYear}年，具有${grade === 1 ? '甲' : '乙'}级测绘资质，主要从事${scope
        .slice(0, 4)
        .map((item) => surveyItemName(item))
        .join('、')}等测绘服务。`,
      auditStatus: status,
      submittedAt,
      auditedAt,
      createdAt,
      updatedAt: auditedAt ?? submittedAt ?? createdAt,
    });
  }
  // Credit flags go to approved agencies other than agency01; one carries two flags.
  const flagRng = partyRng.fork('credit-flags');
  const flaggable = flagRng.shuffle(
    agentOrganizations.filter((o) => o.auditStatus === 2 && o.organizationId !== AGENCY_ORG_ID),
  );
  flaggable.slice(0, 4).forEach((org) => {
    org.isLostCredit = true;
    org.lostCreditReason = flagRng.pick([
      '提交虚假测绘成果',
      '测绘合同履约严重违约',
      '超越资质等级承揽测绘业务',
      '拒不配合监督检查',
    ]);
  });
  flaggable.slice(4, 8).forEach((org) => {
    org.isUnqualified = true;
    org.unqualifiedReason = flagRng.pick([
      '测绘成果质量抽检不合格',
      '“双随机”检查中项目质检记录缺失',
      '成果提交超出规定时限且逾期未整改',
    ]);
  });
  [...flaggable.slice(8, 11), flaggable[0]].forEach((org) => {
    if (!org) return;
    const start = ago(flagRng.int(10, 300) * DAY);
    org.isBlacklisted = true;
    org.blacklistReason = flagRng.pick([
      '以不正当手段承揽测绘业务',
      '伪造测绘成果',
      '转包测绘项目',
      '年度信用评价结果为D级',
    ]);
    org.blacklistStart = chinaDate(start);
    org.blacklistEnd = chinaDate(at(start.getTime() + flagRng.int(1, 3) * 365 * DAY));
  });

  const auditRecords: Insert<typeof schema.auditRecords>[] = [];
  for (const org of agentOrganizations) {
    auditTrail(
      partyRng,
      'agent_org',
      org.organizationId as number,
      org.auditStatus as number,
      org.orgName,
      org.submittedAt,
      org.auditedAt,
      authority,
      auditRecords,
    );
  }

  // Staff of every agency that has applied.
  const agentStaff: Insert<typeof schema.agentStaff>[] = [];
  const staffRng = partyRng.fork('staff');
  let staffUsername = '';
  for (const org of agentOrganizations) {
    if (org.auditStatus === 0) continue;
    const count = org.organizationId === AGENCY_ORG_ID ? 8 : staffRng.int(3, 8);
    for (let k = 0; k < count; k++) {
      const isDemo = org.organizationId === AGENCY_ORG_ID && k === 0;
      const staffId = agentStaff.length + 1;
      const gender = staffRng.chance(0.7) ? 1 : 2;
      const name = names.personName(staffRng);
      if (isDemo) staffUsername = name;
      const status: AuditStatus = isDemo
        ? 2
        : org.auditStatus === 2
          ? staffRng.weighted([
              [2, 80],
              [1, 10],
              [3, 5],
              [0, 5],
            ] as const)
          : staffRng.weighted([
              [1, 1],
              [0, 1],
            ] as const);
      const createdAt = at((org.createdAt as Date).getTime() + staffRng.int(1, 60) * DAY);
      const created = createdAt.getTime() > nowMs ? ago(DAY) : createdAt;
      agentStaff.push({
        staffId,
        organizationId: org.organizationId as number,
        userId: isDemo ? ids.staff : null,
        name,
        gender,
        idCardNo: names.idCardNo(staffRng, staffRng.int(1965, 2000)),
        phone: names.mobile(staffRng),
        education: staffRng.weighted([
          ['本科', 6],
          ['硕士研究生', 2],
          ['大专', 2],
        ] as const),
        major: staffRng.pick(['测绘工程', '地理信息科学', '遥感科学与技术', '土木工程', '城乡规划']),
        title: staffRng.pick(['高级工程师', '工程师', '工程师', '助理工程师', '测绘员']),
        certificateNo: staffRng.chance(0.3) ? `ZC${names.city.areaCode}${staffRng.digits(6)}` : null,
        post:
          k === 0 ? '技术负责人' : staffRng.pick(['项目负责人', '质检员', '外业测量员', '内业数据处理员']),
        auditStatus: status,
        createdAt: created,
        updatedAt: created,
      });
      if (status >= 2) {
        const submitted = at(created.getTime() + HOUR);
        auditTrail(
          staffRng,
          'agent_staff',
          staffId,
          status,
          name,
          submitted,
          at(submitted.getTime() + staffRng.int(2, 48) * HOUR),
          authority,
          auditRecords,
        );
      }
    }
  }
  const blacklistRng = partyRng.fork('staff-blacklist');
  blacklistRng
    .shuffle(agentStaff.filter((s) => s.auditStatus === 2 && s.organizationId !== AGENCY_ORG_ID))
    .slice(0, 5)
    .forEach((staff) => {
      const start = ago(blacklistRng.int(5, 200) * DAY);
      staff.isBlacklisted = true;
      staff.blacklistReason = blacklistRng.pick([
        '在测绘成果中弄虚作假',
        '同时在两家以上测绘机构执业',
        '出借执业证书',
      ]);
      staff.blacklistStart = chinaDate(start);
      staff.blacklistEnd = chinaDate(at(start.getTime() + blacklistRng.int(1, 3) * 365 * DAY));
    });

  // Construction units.
  const constructionUnits: Insert<typeof schema.constructionUnits>[] = [];
  const districtNames = districts.map((d) => d.short);
  for (let id = 1; id <= 40; id++) {
    const rng = partyRng.fork(`unit-${id}`);
    const isDemo = id === OWNER_UNIT_ID;
    const status: AuditStatus = isDemo
      ? 2
      : id <= 4
        ? (([1, 3, 0] as const)[id - 2] as AuditStatus)
        : rng.weighted([
            [2, 75],
            [1, 10],
            [3, 7],
            [0, 8],
          ] as const);
    const district = isDemo ? seat : pickDistrict(rng);
    const createdAt = randomPast(rng, 60, 1500);
    const submittedAt = status === 0 ? null : at(createdAt.getTime() + rng.int(1, 48) * HOUR);
    const auditedAt = status >= 2 && submittedAt ? at(submittedAt.getTime() + rng.int(4, 72) * HOUR) : null;
    const name = isDemo
      ? `${names.city.short}城市建设投资集团有限公司`
      : unique(() => names.constructionUnitName(rng, districtNames));
    usedNames.add(name);
    constructionUnits.push({
      constructionId: id,
      userId: isDemo ? ids.owner : null,
      name,
      creditCode: names.creditCode(rng, district.adminCode),
      legalPersonName: names.personName(rng),
      contactName: names.personName(rng),
      contactPhone: names.mobile(rng),
      address: names.address(rng, district.name),
      districtCode: district.code,
      auditStatus: status,
      submittedAt,
      auditedAt,
      createdAt,
      updatedAt: auditedAt ?? submittedAt ?? createdAt,
    });
    auditTrail(rng, 'construction_unit', id, status, name, submittedAt, auditedAt, authority, auditRecords);
  }
  const unitById = new Map(constructionUnits.map((u) => [u.constructionId as number, u]));
  return {
    agentOrganizations,
    agentStaff,
    constructionUnits,
    unitById,
    auditRecords,
    staffUsername,
    usedNames,
  };
}
export type DemoParties = ReturnType<typeof demoParties>;
