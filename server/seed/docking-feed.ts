/**
 * The demo's feed directory (docs/docking.md): on the first demo start, before the import runs, a
 * feed document with projects of owner01's unit is written to the feed directory: three of them carry
 * the central codes of projects the unit already has (the import links them: 已导入), the others wait
 * for the owner to turn them into projects; two more belong to other units (the supervisors' list
 * shows them, owner01's does not). Files are small PDFs beside the document; two projects have housing
 * information for getSpfXmxx.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { constructionUnits, districts, projects } from '@server/db/schema';
import { pdfDocument } from '@server/seed/documents';
import { FEED_FORMAT } from '@server/modules/docking';

const OWNER_UNIT_ID = 1;
export const DEMO_FEED_FILE = 'demo-feed.json';

const newProjects = [
  {
    name: '云州市东湖片区棚户区改造安置房项目',
    type: '住宅',
    investment: 68000,
    land: 52000,
    building: 186000,
  },
  { name: '云州市第三中学新校区建设项目', type: '教育', investment: 32000, land: 61000, building: 74000 },
  { name: '云州市滨河路综合管廊工程', type: '市政', investment: 21000, land: 0, building: 0 },
  { name: '云州市人民医院门诊综合楼项目', type: '医疗', investment: 45000, land: 18000, building: 96000 },
  { name: '云州市城北物流园仓储中心项目', type: '仓储', investment: 15000, land: 80000, building: 52000 },
] as const;

const otherUnitsProjects = ['云州市高新区标准厂房二期工程', '云州市文化艺术中心项目'] as const;

/** Writes the demo feed unless the directory already holds a feed. Returns whether it wrote one. */
export async function writeDemoFeed(db: Queryable, feedDir: string, now: Date): Promise<boolean> {
  await fsp.mkdir(path.join(feedDir, 'files'), { recursive: true });
  if ((await fsp.readdir(feedDir)).some((name) => name.endsWith('.json'))) return false;
  const [unit] = await db
    .select({
      name: constructionUnits.name,
      creditCode: constructionUnits.creditCode,
      contactName: constructionUnits.contactName,
      contactPhone: constructionUnits.contactPhone,
    })
    .from(constructionUnits)
    .where(eq(constructionUnits.constructionId, OWNER_UNIT_ID));
  if (!unit) return false;
  const others = await db
    .select({ name: constructionUnits.name, creditCode: constructionUnits.creditCode })
    .from(constructionUnits)
    .where(and(ne(constructionUnits.constructionId, OWNER_UNIT_ID), isNotNull(constructionUnits.creditCode)))
    .orderBy(asc(constructionUnits.constructionId))
    .limit(2);
  const existing = await db
    .select({
      projectName: projects.projectName,
      centralCode: projects.centralCode,
      localCode: projects.localCode,
      districtCode: projects.districtCode,
      address: projects.address,
      lon: projects.lon,
      lat: projects.lat,
      fundingParty: projects.fundingParty,
    })
    .from(projects)
    .where(and(eq(projects.constructionId, OWNER_UNIT_ID), isNotNull(projects.centralCode)))
    .orderBy(asc(projects.pkid))
    .limit(3);
  const places = await db
    .select({
      code: districts.districtCode,
      name: districts.districtName,
      lon: districts.centerLon,
      lat: districts.centerLat,
    })
    .from(districts)
    .where(and(sql`length(${districts.districtCode}) = 7`, isNotNull(districts.centerLon)))
    .orderBy(asc(districts.orderIndex), asc(districts.districtCode));
  if (places.length === 0) return false;

  const year = new Date(now.getTime() + 8 * 3_600_000).getUTCFullYear();
  const day = (daysAgo: number) =>
    new Date(now.getTime() + 8 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const entries: unknown[] = [];
  const housing: unknown[] = [];
  const files: { name: string; bytes: Uint8Array }[] = [];
  const approvalFile = (id: string, projectName: string, approvalNo: string) => {
    const doc = pdfDocument(`${id}-approval.pdf`, '项目立项批复', [
      `项目名称：${projectName}`,
      `批复文号：${approvalNo}`,
      '省投资项目在线审批监管平台推送（演示数据）。',
    ]);
    files.push({ name: doc.name, bytes: doc.bytes });
    return { type: 'approval', name: `${projectName}立项批复.pdf`, path: `files/${doc.name}` };
  };
  const planningFile = (id: string, projectName: string) => {
    const doc = pdfDocument(`${id}-planning.pdf`, '建设工程规划许可证', [
      `项目名称：${projectName}`,
      '省投资项目在线审批监管平台推送（演示数据）。',
    ]);
    files.push({ name: doc.name, bytes: doc.bytes });
    return { type: 'planning', name: `${projectName}规划许可证.pdf`, path: `files/${doc.name}` };
  };

  existing.forEach((project, i) => {
    const id = `SPPT-${year}-1${String(i + 1).padStart(5, '0')}`;
    const approvalNo = `云发改审批〔${year}〕${100 + i}号`;
    entries.push({
      platformProjectId: id,
      projectName: project.projectName,
      centralCode: project.centralCode,
      localCode: project.localCode,
      districtCode: project.districtCode,
      address: project.address,
      lon: project.lon,
      lat: project.lat,
      fundingParty: project.fundingParty,
      constructionName: unit.name,
      constructionCreditCode: unit.creditCode,
      approvalNo,
      approvedOn: day(120 + i * 10),
      files: [approvalFile(id, project.projectName, approvalNo)],
    });
  });
  newProjects.forEach((project, i) => {
    const id = `SPPT-${year}-2${String(i + 1).padStart(5, '0')}`;
    const place = places[i % places.length] as (typeof places)[number];
    const centralCode = `${year}-379902-${i % 2 === 0 ? '47' : '48'}-01-9${String(i + 1).padStart(5, '0')}`;
    const approvalNo = `云发改审批〔${year}〕${200 + i}号`;
    entries.push({
      platformProjectId: id,
      projectName: project.name,
      centralCode,
      localCode: `YZPT${year}${String(i + 1).padStart(5, '0')}`,
      districtCode: place.code,
      address: `${place.name}${['东湖路', '学府路', '滨河路', '健康路', '城北大道'][i]}${10 + i * 7}号`,
      // The last one came without a location: the owner fills it in by hand (the import says so).
      ...(i === newProjects.length - 1 ? {} : { lon: place.lon, lat: place.lat }),
      fundingParty: i % 2 === 0 ? unit.name : '云州市财政局',
      projectType: project.type,
      totalInvestment: project.investment,
      landArea: project.land || undefined,
      buildingArea: project.building || undefined,
      constructionName: unit.name,
      constructionCreditCode: unit.creditCode,
      contactName: unit.contactName,
      contactPhone: unit.contactPhone,
      approvalNo,
      approvedOn: day(30 - i * 5),
      files: [approvalFile(id, project.name, approvalNo), ...(i < 2 ? [planningFile(id, project.name)] : [])],
    });
    if (i === 0 || i === 3)
      housing.push({
        centralCode,
        projectName: project.name,
        developer: unit.name,
        presaleLicenseNo: `云房预售证第${year}0${i + 1}号`,
        landUseCertificateNo: `云国用（${year}）第${1000 + i}号`,
        totalBuildingArea: project.building,
        buildings: [1, 2, 3].map((n) => ({
          buildingNo: `${n}号楼`,
          floorsAbove: 18 + n * 3,
          floorsBelow: 2,
          households: 120 + n * 24,
          buildingArea: 28_000 + n * 3_500,
        })),
      });
  });
  otherUnitsProjects.forEach((name, i) => {
    const other = others[i];
    if (!other) return;
    const id = `SPPT-${year}-3${String(i + 1).padStart(5, '0')}`;
    const place = places[(i + 2) % places.length] as (typeof places)[number];
    const approvalNo = `云发改审批〔${year}〕${300 + i}号`;
    entries.push({
      platformProjectId: id,
      projectName: name,
      centralCode: `${year}-379902-47-02-9${String(i + 11).padStart(5, '0')}`,
      districtCode: place.code,
      address: `${place.name}创业大道${20 + i}号`,
      lon: place.lon,
      lat: place.lat,
      fundingParty: other.name,
      constructionName: other.name,
      constructionCreditCode: other.creditCode,
      approvalNo,
      approvedOn: day(45 + i),
      files: [approvalFile(id, name, approvalNo)],
    });
  });

  for (const file of files) await fsp.writeFile(path.join(feedDir, 'files', file.name), file.bytes);
  const document = { format: FEED_FORMAT, generatedAt: now.toISOString(), projects: entries, housing };
  // Written under another name first: a reader never sees half a document.
  const target = path.join(feedDir, DEMO_FEED_FILE);
  await fsp.writeFile(`${target}.tmp`, JSON.stringify(document, null, 2));
  await fsp.rename(`${target}.tmp`, target);
  return true;
}
