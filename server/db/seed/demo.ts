import { GUEST_USER_ID, roles, type RoleKey } from '@shared/domain/roles';
import { stages, surveyItemName, type StageId, type SurveyItemId } from '@shared/domain/stages';
import type { AuditStatus, NoticeType, ProjectStatus } from '@shared/domain/statuses';
import type * as schema from '../schema';
import type { GeoJsonPolygon, GeoJsonPosition } from '../schema/reference';
import { md5Hex } from '@server/lib/password';
import { downloadDocuments, noticeAttachmentDocument, noticeText } from './content';
import type { DemoDocument } from './documents';
import { ringCentroid } from '@server/lib/geometry';
import { cityBox, partitionBox, randomPointIn, round6 } from './geo';
import * as names from './names';
import { Rng } from './random';
import { departmentIds, departmentRows, moduleRows, roleRows, stageRows, surveyItemRows } from './reference';

/**
 * The deterministic demo data set of the fictional city of 云州市. Pure: it only builds rows (no
 * database, no clock: `now` is given), so two runs with the same options give identical rows. The
 * small tables come at once (`base`); projects and everything hanging off them come in batches, so a
 * benchmark volume (100,000 projects) never sits in memory at once.
 */

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export const DEMO_SEED = 'yunzhou-2026';
export const DEMO_PASSWORD = 'Survey2026';
export const GUEST_LOGINNAME = 'guest';

/** The demo accounts of the contract (one per role), with fixed ids. */
export const demoAccounts = [
  { pkid: 1, loginname: 'admin', role: 'admin', department: 'admin' },
  { pkid: 2, loginname: 'owner01', role: 'owner', department: 'construction' },
  { pkid: 3, loginname: 'agency01', role: 'agency', department: 'agency' },
  { pkid: 4, loginname: 'staff01', role: 'staff', department: 'agency' },
  { pkid: 5, loginname: 'authority01', role: 'authority', department: 'authority' },
  { pkid: 6, loginname: 'auditor01', role: 'auditor', department: 'authority' },
  { pkid: 7, loginname: 'district01', role: 'district', department: 'district' },
  { pkid: 8, loginname: 'share01', role: 'sharing', department: 'sharing' },
] as const satisfies readonly {
  pkid: number;
  loginname: string;
  role: RoleKey;
  department: keyof typeof departmentIds;
}[];

export type DemoLoginName = (typeof demoAccounts)[number]['loginname'];

const ids = {
  admin: 1,
  owner: 2,
  agency: 3,
  staff: 4,
  authority: 5,
  auditor: 6,
  district: 7,
  sharing: 8,
  guest: GUEST_USER_ID,
};
/** owner01's construction unit and agency01's organization. */
const OWNER_UNIT_ID = 1;
const AGENCY_ORG_ID = 1;

/** A user row before hashing: `passwordMd5` null means the account cannot log in with a password. */
export type DemoUser = Omit<Insert<typeof schema.users>, 'loginpwd'> & { passwordMd5: string | null };

export interface DemoFile extends DemoDocument {
  id: string;
  createdAt: Date;
}

export interface DemoBase {
  districts: Insert<typeof schema.districts>[];
  departments: Insert<typeof schema.departments>[];
  roles: Insert<typeof schema.roles>[];
  users: DemoUser[];
  userRoles: Insert<typeof schema.userRoles>[];
  modules: Insert<typeof schema.modules>[];
  roleModules: Insert<typeof schema.roleModules>[];
  stages: Insert<typeof schema.stages>[];
  surveyItems: Insert<typeof schema.surveyItems>[];
  agentOrganizations: Insert<typeof schema.agentOrganizations>[];
  agentStaff: Insert<typeof schema.agentStaff>[];
  constructionUnits: Insert<typeof schema.constructionUnits>[];
  auditRecords: Insert<typeof schema.auditRecords>[];
  files: DemoFile[];
  notices: Insert<typeof schema.notices>[];
  noticeAttachments: Insert<typeof schema.noticeAttachments>[];
  downloads: Insert<typeof schema.downloads>[];
}

export interface ProjectBatch {
  projects: Insert<typeof schema.projects>[];
  projectDemands: Insert<typeof schema.projectDemands>[];
  projectStageItems: Insert<typeof schema.projectStageItems>[];
  projectAuthorizations: Insert<typeof schema.projectAuthorizations>[];
  contracts: Insert<typeof schema.contracts>[];
  projectLogs: Insert<typeof schema.projectLogs>[];
  auditRecords: Insert<typeof schema.auditRecords>[];
}

export interface DemoOptions {
  projects: number;
  now: Date;
  seed?: string;
}

export interface DemoData {
  base: DemoBase;
  /** Projects 1..N with their demands, items, authorizations, contracts, logs and audit records. */
  projectBatches(batchSize?: number): Generator<ProjectBatch>;
  /** A few read and unread messages for every demo account; call after the batches were consumed. */
  messages(): Insert<typeof schema.messages>[];
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CHINA_OFFSET = 8 * HOUR;

/** YYYY-MM-DD of an instant in China Standard Time. */
export function chinaDate(instant: Date): string {
  return new Date(instant.getTime() + CHINA_OFFSET).toISOString().slice(0, 10);
}
const chinaYear = (instant: Date) => new Date(instant.getTime() + CHINA_OFFSET).getUTCFullYear();

interface DistrictDef {
  code: string;
  /** Six-digit administrative division code, as used inside credit codes and central project codes. */
  adminCode: string;
  name: string;
  short: string;
  weight: number;
}

/** Top row west to east, then bottom row west to east (the layout of partitionBox). */
const districtDefs: DistrictDef[] = [
  { code: '3799021', adminCode: '379921', name: '石门县', short: '石门县', weight: 8 },
  { code: '3799006', adminCode: '379906', name: '北湖区', short: '北湖区', weight: 11 },
  { code: '3799005', adminCode: '379905', name: '凤台区', short: '凤台区', weight: 12 },
  { code: '3799003', adminCode: '379903', name: '临江区', short: '临江区', weight: 18 },
  { code: '3799002', adminCode: '379902', name: '云中区', short: '云中区', weight: 25 },
  {
    code: '37990100001',
    adminCode: '379971',
    name: '云州高新技术产业开发区',
    short: '云州高新区',
    weight: 12,
  },
  { code: '3799004', adminCode: '379904', name: '青山区', short: '青山区', weight: 14 },
];
const CITY_CODE = '379900';

interface District extends DistrictDef {
  polygon: GeoJsonPolygon;
  center: GeoJsonPosition;
}

export function createDemoData(options: DemoOptions): DemoData {
  const root = new Rng(options.seed ?? DEMO_SEED);
  const now = options.now;
  const nowMs = now.getTime();
  const ago = (ms: number) => new Date(nowMs - ms);
  const at = (ms: number) => new Date(ms);

  // Districts: 7 cells tiling the city box, plus helper rows whose codes the district list drops.
  const polygons = partitionBox(root.fork('districts'), cityBox, 3, 4);
  const districts: District[] = districtDefs.map((def, i) => {
    const polygon = polygons[i] as GeoJsonPolygon;
    const center = ringCentroid(polygon.coordinates[0] as GeoJsonPosition[]);
    return { ...def, polygon, center: [round6(center[0]), round6(center[1])] };
  });
  const seat = districts.find((d) => d.code === '3799002') as District;
  const districtRows: Insert<typeof schema.districts>[] = [
    {
      districtCode: CITY_CODE,
      districtName: names.city.name,
      centerLon: round6((cityBox.west + cityBox.east) / 2),
      centerLat: round6((cityBox.south + cityBox.north) / 2),
    },
    ...[...districts]
      .sort((a, b) => a.code.localeCompare(b.code))
      .map((d, i) => ({
        districtCode: d.code,
        districtName: d.name,
        parentCode: CITY_CODE,
        boundary: d.polygon,
        centerLon: d.center[0],
        centerLat: d.center[1],
        orderIndex: i + 1,
      })),
    {
      districtCode: '379900999',
      districtName: `${names.city.name}本级`,
      parentCode: CITY_CODE,
      orderIndex: 90,
    },
    { districtCode: '3799002001', districtName: '人民街道', parentCode: seat.code, orderIndex: 91 },
  ];
  const pickDistrict = (rng: Rng) => rng.weighted(districts.map((d) => [d, d.weight] as const));

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
  let nextAuditId = 1;
  const approveOpinions = ['材料齐全，符合要求，同意通过。', '经审核，信息属实，予以通过。', '同意。'];
  const rejectOpinions = [
    '营业执照扫描件不清晰，请重新上传。',
    '资质证书已过期，请更新后重新提交。',
    '法定代表人信息与营业执照不一致，请核实。',
    '技术人员数量不满足资质要求，请补充材料。',
  ];
  const authorityName = '周振华';
  const auditorName = '林晓雯';
  function auditTrail(
    rng: Rng,
    subjectType: Insert<typeof schema.auditRecords>['subjectType'],
    subjectId: number,
    status: number,
    applicant: string,
    submittedAt: Date | null | undefined,
    auditedAt: Date | null | undefined,
    auditor: { id: number; name: string },
    into: Insert<typeof schema.auditRecords>[],
  ) {
    if (status === 0 || !submittedAt) return;
    into.push({
      pkid: nextAuditId++,
      subjectType,
      subjectId,
      decision: 1,
      auditorName: applicant,
      auditedAt: submittedAt,
    });
    if (status === 1 || !auditedAt) return;
    into.push({
      pkid: nextAuditId++,
      subjectType,
      subjectId,
      decision: status === 2 ? 2 : 3,
      opinion: rng.pick(status === 2 ? approveOpinions : rejectOpinions),
      auditorId: auditor.id,
      auditorName: auditor.name,
      auditedAt,
    });
  }
  const authority = { id: ids.authority, name: authorityName };
  const auditor = { id: ids.auditor, name: auditorName };
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

  // Accounts.
  const peopleRng = root.fork('accounts');
  const usernames: Record<RoleKey, string> = {
    admin: '系统管理员',
    owner: constructionUnits[0]?.name as string,
    agency: agentOrganizations[0]?.orgName as string,
    staff: staffUsername,
    authority: authorityName,
    auditor: auditorName,
    district: names.personName(peopleRng),
    sharing: names.personName(peopleRng),
  };
  const demoMd5 = md5Hex(DEMO_PASSWORD);
  const accountCreated = ago(400 * DAY);
  const users: DemoUser[] = [
    ...demoAccounts.map((account) => ({
      pkid: account.pkid,
      loginname: account.loginname,
      username: usernames[account.role],
      depid: departmentIds[account.department],
      userphone: names.mobile(peopleRng),
      useremail: `${account.loginname}@example.com`,
      descinfo: `演示账号（${roles[account.role].name}）`,
      submanager: account.loginname === 'admin' ? 1 : 0,
      accredit: account.loginname === 'admin' ? 1 : 0,
      passwordMd5: demoMd5,
      createdAt: accountCreated,
      updatedAt: accountCreated,
    })),
    {
      pkid: ids.guest,
      loginname: GUEST_LOGINNAME,
      username: '游客',
      depid: departmentIds.admin,
      descinfo: '内置游客账号，视为未登录',
      passwordMd5: null,
      createdAt: accountCreated,
      updatedAt: accountCreated,
    },
  ];
  const userRoles = demoAccounts.map((account) => ({ userId: account.pkid, roleId: roles[account.role].id }));

  // Files, notices, downloads.
  const contentRng = root.fork('content');
  const files: DemoFile[] = [];
  const addFile = (document: DemoDocument, createdAt: Date) => {
    const file = { ...document, id: contentRng.uuid(), createdAt };
    files.push(file);
    return file.id;
  };
  const downloads: Insert<typeof schema.downloads>[] = downloadDocuments(contentRng.fork('downloads')).map(
    (doc, i) => {
      const createdAt = ago((400 - i * 7) * DAY);
      return {
        pkid: i + 1,
        title: doc.title,
        description: doc.description,
        fileId: addFile(doc, createdAt),
        orderIndex: i + 1,
        createdAt,
        updatedAt: createdAt,
      };
    },
  );

  const noticeTypes: NoticeType[] = contentRng.shuffle([
    ...Array<NoticeType>(18).fill(0),
    ...Array<NoticeType>(4).fill(1),
    ...Array<NoticeType>(3).fill(2),
    ...Array<NoticeType>(5).fill(3),
  ]);
  const typeCounters: Record<NoticeType, number> = { 0: 0, 1: 0, 2: 0, 3: 0 };
  const notices: Insert<typeof schema.notices>[] = [];
  const noticeAttachments: Insert<typeof schema.noticeAttachments>[] = [];
  const noticeOffsets = Array.from({ length: noticeTypes.length }, () => contentRng.int(1, 540 * 24)).sort(
    (a, b) => b - a,
  );
  noticeTypes.forEach((type, i) => {
    const pkid = i + 1;
    const isNewest = i >= noticeTypes.length - 3;
    const state = [7, 15].includes(i) || i === noticeTypes.length - 1 ? 0 : i === 11 ? 2 : 1;
    const time = ago((noticeOffsets[i] as number) * HOUR);
    const text = noticeText(contentRng, type, typeCounters[type]++, time, contentRng.pick(districts).short);
    notices.push({
      pkid,
      noticeTitle: text.title,
      noticeType: type,
      state,
      noticeTime: time,
      noticeContent: text.html,
      deptId: departmentIds.authority,
      createdBy: ids.authority,
      createdAt: time,
      updatedAt: isNewest ? ago(HOUR) : time,
    });
    if (state === 1 && type !== 3 && i % 5 === 1) {
      noticeAttachments.push({
        noticeId: pkid,
        fileId: addFile(noticeAttachmentDocument(contentRng, text.title), time),
        orderIndex: 1,
      });
    }
  });
  noticeAttachments.forEach((row, i) => (row.pkid = i + 1));

  const menu = moduleRows();
  const base: DemoBase = {
    districts: districtRows,
    departments: departmentRows({ code: seat.code, name: seat.name }),
    roles: roleRows(),
    users,
    userRoles,
    modules: menu.modules,
    roleModules: menu.roleModules,
    stages: stageRows(),
    surveyItems: surveyItemRows(),
    agentOrganizations,
    agentStaff,
    constructionUnits,
    auditRecords,
    files,
    notices,
    noticeAttachments,
    downloads,
  };

  // Projects.
  const selectableOrgs = agentOrganizations.filter(
    (o) => o.auditStatus === 2 && !o.isLostCredit && !o.isUnqualified && !o.isBlacklisted,
  );
  const approvedUnits = constructionUnits.filter(
    (u) => u.auditStatus === 2 && u.constructionId !== OWNER_UNIT_ID,
  );
  /** Early projects remembered for the demo accounts' messages, so each message fits its project. */
  interface Highlight {
    name: string;
    status: number;
    unit: string;
    district: string;
    contractNo?: string;
    contractStatus?: number;
    contractAudit?: number;
  }
  const highlights = { owner: [] as Highlight[], agency: [] as Highlight[], any: [] as Highlight[] };
  const HIGHLIGHTS_KEPT = 80;
  let batchesDone = false;

  function* projectBatches(batchSize = 1000): Generator<ProjectBatch> {
    const projectRng = root.fork('projects');
    let demandId = 1;
    let stageItemId = 1;
    let authorizationId = 1;
    let contractId = 1;
    let logId = 1;
    for (let start = 1; start <= options.projects; start += batchSize) {
      const batch: ProjectBatch = {
        projects: [],
        projectDemands: [],
        projectStageItems: [],
        projectAuthorizations: [],
        contracts: [],
        projectLogs: [],
        auditRecords: [],
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
              amount: stageItems.length * rng.int(80, 800) * 100,
              status: contractStatus,
              auditStatus: contractAudit,
              signedOn: signedAt ? chinaDate(signedAt) : null,
              filedAt,
              createdAt: contractCreated,
              updatedAt: filedAt ?? contractCreated,
            });
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
      yield batch;
    }
    batchesDone = true;
  }

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
        [`项目“${own([7])}”已办结，欢迎对测绘机构进行评价`, '/evaluatemanger/orgEvalute'],
      ],
      agency: [
        [`${agencyUnit}向贵机构发起测绘委托（项目：${work([1])}），请及时处理`, '/notdchy/toDoList'],
        [`合同（${agencyContract}）备案审核通过`, '/contract/ContractList'],
        [
          `项目“${work([5])}”测绘成果被退回：成果图件与技术报告不一致，请修改后重新提交`,
          '/workflow/ToDoList',
        ],
        ['贵机构的信息变更申请已审核通过', '/usercenter/OrgChangeDone'],
        [`项目“${work([6, 7])}”已验收`, '/workflow/myProjectList'],
        ['请于本月底前完成从业人员信息年度核对', '/orgstaff/stafflist'],
      ],
      staff: [
        [`您有新的办件待处理：${work([3, 4])}`, '/workflow/ToDoList'],
        [`项目“${work([4], 1)}”已分配给您`, '/workflow/myProjectList'],
        [`项目“${work([4], 2)}”成果提交将于 3 日后到期`, '/workflow/myCaseList'],
        ['您的从业人员信息审核已通过', null],
        [`项目“${work([6, 7], 1)}”已验收`, '/workflow/myProjectList'],
        ['请及时更新执业证书信息', null],
      ],
      authority: [
        [`${pendingOrg}提交了机构入驻申请，请审核`, '/intermediary/orglist'],
        [`${agentOrganizations[5]?.orgName}提交了机构信息变更申请，请审核`, '/intermediary/OrgChange'],
        [`${pendingUnit}提交了建设单位认证申请，请审核`, '/usercenter/jsdwVerify'],
        ['有 3 名从业人员信息待审核', '/orgstaff/personnelReview'],
        ['本季度测绘中介机构信用评价已生成', '/credit/lose'],
        ['“双随机”检查名单已生成', '/evaluatemanger/organizationCheckList'],
      ],
      auditor: [
        [`合同（${pendingFiling}）待备案审核`, '/contract/filingbacklogList'],
        [`项目“${any([5])}”提交了测绘成果，请审核`, '/workflow/ToDoList'],
        [`项目“${any([5], 1)}”待验收发证`, '/audituser/AcceptanceAndCertification'],
        [`项目“${any([2])}”合同备案任务已转办给您`, '/contract/contractToDoList'],
        [`项目“${any([6, 7])}”成果已采纳`, '/workflow/DoneList'],
        ['本周待办已全部处理', null],
      ],
      district: [
        [`${seatName}新增办件：${any([3, 4], 0, seatName)}`, '/workflow/ResultDetailsSubofficemenu'],
        [`项目“${any([5], 0, seatName)}”测绘成果已提交`, '/workflow/ResultDetailsSubofficemenu'],
        [`项目“${any([7], 0, seatName)}”已办结`, '/query/districtCounty'],
        [`${seatName}本月办结项目统计已生成`, '/query/districtCounty'],
        ['请核对本区县测绘成果共享目录', null],
        [`项目“${any([1], 0, seatName)}”已发布测绘需求`, '/query/projectQuery'],
      ],
      sharing: [
        [`您申请的项目“${any([7], 2)}”成果已审批通过，可下载`, '/workflow/applyProjectRecording'],
        [`成果共享申请（项目：${any([7], 3)}）已提交`, '/workflow/applyProjectRecording'],
        [`新增可共享成果：${any([7], 4)}`, '/workflow/AchievementSharing'],
        [`您申请的项目“${any([6, 7], 5)}”成果未通过审批：申请用途不明确`, '/workflow/applyProjectRecording'],
        ['成果共享目录已更新', '/workflow/myProjectListShare'],
        ['请在 30 日内下载已批准的共享成果', null],
      ],
    };
    const rows: Insert<typeof schema.messages>[] = [];
    for (const account of demoAccounts) {
      perAccount[account.role].forEach(([messageContent, link], i) => {
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

  return { base, projectBatches, messages };
}
