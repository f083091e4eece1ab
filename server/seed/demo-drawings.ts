/**
 * The demo's drawings (issue 23): in each archive case of a surveyed project, a floor plan as DXF
 * (with its layers) and a site plan as PDF among the 图件, and a design drawing as DWG and its notes
 * as PDF among the 图文档. Every third plan has a second version. The drawings of 公开 cases are
 * 公开 too, so every reader of the archive, auditors included, finds some; the others are 内部.
 *
 * The DWG is a placeholder: a file with a DWG signature (AC1032) and a note, not a drawing any CAD
 * program opens; the product keeps DWG files and offers them for download only, so it shows that.
 */
import { asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import * as schema from '@server/db/schema';
import { addDrawing, addDrawingVersion } from '@server/modules/electronics';
import { classification, drawingCategory } from '@shared/domain/electronics';
import { pdfDocument } from './documents';
import { sampleDxf } from '@shared/samples/dxf-sample';
import { storeDemoFile } from './demo-files';
import type { StoreFile } from './index';

const HOUR = 60 * 60 * 1000;
/** Cases given drawings, at most (the demo has fewer completed projects than this). */
const MAX_CASES = 60;

const utf8 = (text: string) => new TextEncoder().encode(text);

/** A placeholder with a DWG file's signature (see the file's comment). */
function placeholderDwg(): Uint8Array {
  const bytes = new Uint8Array(2048);
  bytes.set(utf8('AC1032'), 0);
  bytes.set(utf8('\n演示数据：DWG 文件仅供下载，不含可预览的图形。\n'), 128);
  return bytes;
}

export async function seedDemoDrawings(
  t: Queryable,
  options: { now: Date; storeFile: StoreFile },
): Promise<number> {
  const cases = await t
    .select({
      caseId: schema.archiveCases.caseId,
      classification: schema.archiveCases.classification,
      archivedAt: schema.archiveCases.archivedAt,
      projectName: schema.projects.projectName,
      agencyName: schema.agentOrganizations.orgName,
      agencyUser: schema.agentOrganizations.userId,
    })
    .from(schema.archiveCases)
    .innerJoin(schema.projects, eq(schema.projects.pkid, schema.archiveCases.projectId))
    .innerJoin(
      schema.agentOrganizations,
      eq(schema.agentOrganizations.organizationId, schema.archiveCases.organizationId),
    )
    .where(isNotNull(schema.archiveCases.organizationId))
    .orderBy(asc(schema.archiveCases.caseId))
    .limit(MAX_CASES);
  if (cases.length === 0) return 0;

  // The same few files serve every case: stored once, each with its `files` row.
  const store = (name: string, contentType: string, bytes: Uint8Array) =>
    storeDemoFile(t, options.storeFile, { name, contentType, bytes, at: options.now });
  const dxf = 'application/dxf';
  const pdf = 'application/pdf';
  const planV1 = await store('一层平面图.dxf', dxf, utf8(sampleDxf({ variant: 1 })));
  const planV2 = await store('一层平面图.dxf', dxf, utf8(sampleDxf({ variant: 2 })));
  const site = pdfDocument('总平面图.pdf', '建设项目总平面图', [
    '本图为演示数据：建设用地范围、建筑物位置与主要尺寸。',
    '坐标系：CGCS2000 3度带高斯-克吕格投影；高程基准：1985国家高程基准。',
  ]);
  const sitePlan = await store(site.name, pdf, site.bytes);
  const design = await store('施工设计图.dwg', 'application/acad', placeholderDwg());
  const notes = pdfDocument('设计说明.pdf', '施工图设计说明', [
    '本说明为演示数据：工程概况、设计依据、结构形式与主要技术指标。',
  ]);
  const designNotes = await store(notes.name, pdf, notes.bytes);

  const users = await t
    .select({ pkid: schema.users.pkid, username: schema.users.username })
    .from(schema.users)
    .where(
      inArray(
        schema.users.pkid,
        cases.map((row) => row.agencyUser).filter((id): id is number => id !== null),
      ),
    );
  let added = 0;
  for (const [index, row] of cases.entries()) {
    const author = users.find((user) => user.pkid === row.agencyUser);
    const by = { pkid: author?.pkid ?? null, username: author?.username ?? row.agencyName };
    const level =
      row.classification === classification.code.public
        ? classification.code.public
        : classification.code.internal;
    // Added once the case was archived, before the demo's "now".
    const later = (ms: number) => new Date(Math.min(row.archivedAt.getTime() + ms, options.now.getTime()));
    const at = later(HOUR);
    const common = { caseId: row.caseId, managingUnit: row.agencyName, level, by, at };
    const plan = await addDrawing(t, {
      ...common,
      category: drawingCategory.code.drawing,
      file: planV1,
      title: `${row.projectName}一层平面图`,
    });
    if (index % 3 === 0)
      await addDrawingVersion(t, {
        drawingId: plan,
        file: planV2,
        by,
        at: later(3 * HOUR),
      });
    await addDrawing(t, {
      ...common,
      category: drawingCategory.code.drawing,
      file: sitePlan,
      title: `${row.projectName}总平面图`,
    });
    await addDrawing(t, {
      ...common,
      category: drawingCategory.code.document,
      file: design,
      title: `${row.projectName}施工设计图`,
    });
    await addDrawing(t, {
      ...common,
      category: drawingCategory.code.document,
      file: designNotes,
      title: `${row.projectName}设计说明`,
    });
    added += 4;
  }
  return added;
}
