/**
 * What every part of the demo data set shares: the fixed ids and accounts, the clock of the data set
 * (`now` is given, never read), the root of the random streams, the city's districts and the audit
 * trail writer (one numbering for every audit record). Each part (demo-*.ts) builds its tables from
 * it; demo.ts puts them together. Pure: no database, no clock.
 */
import { GUEST_USER_ID, type RoleKey } from '@shared/domain/roles';
import type * as schema from '@server/db/schema';
import type { GeoJsonPolygon, GeoJsonPosition } from '@server/db/schema/reference';
import { ringCentroid } from '@server/lib/geometry';
import { cityBox, partitionBox, round6 } from './geo';
import * as names from './names';
import { Rng } from './random';
import type { departmentIds } from './reference';

export type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

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

export const ids = {
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
export const OWNER_UNIT_ID = 1;
export const AGENCY_ORG_ID = 1;

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
const CHINA_OFFSET = 8 * HOUR;

/** YYYY-MM-DD of an instant in China Standard Time. */
export function chinaDate(instant: Date): string {
  return new Date(instant.getTime() + CHINA_OFFSET).toISOString().slice(0, 10);
}
export const chinaYear = (instant: Date) => new Date(instant.getTime() + CHINA_OFFSET).getUTCFullYear();

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

export interface District extends DistrictDef {
  polygon: GeoJsonPolygon;
  center: GeoJsonPosition;
}

export interface DemoOptions {
  projects: number;
  now: Date;
  seed?: string;
}

export interface DemoContext {
  options: DemoOptions;
  root: Rng;
  now: Date;
  nowMs: number;
  ago: (ms: number) => Date;
  at: (ms: number) => Date;
}

export function createDemoContext(options: DemoOptions): DemoContext {
  const root = new Rng(options.seed ?? DEMO_SEED);
  const now = options.now;
  const nowMs = now.getTime();
  const ago = (ms: number) => new Date(nowMs - ms);
  const at = (ms: number) => new Date(ms);
  return { options, root, now, nowMs, ago, at };
}

/** The districts of the city, from the context's random stream. */
export function demoDistricts({ root }: DemoContext) {
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
  return { districts, seat, districtRows, pickDistrict };
}
export type DemoDistricts = ReturnType<typeof demoDistricts>;

/**
 * The audit trail writer: submit and decision records of a reviewed subject, numbered across the
 * whole data set (base tables and project batches).
 */
export function createAuditTrail() {
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
  return { auditTrail, authority, auditor, authorityName, auditorName };
}
export type AuditTrail = ReturnType<typeof createAuditTrail>;
