/** One docked project with every field the platform sent and its files (the supervisors' view). */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { dockedProjectFiles, dockedProjects, files } from '@server/db/schema';
import { dockedFileTypeLabel } from '@shared/domain/docking';
import { AppError } from '@shared/errors/app-error';
import { dockingMessages as m } from '@shared/validation/docking';
import { selectDocked, toRow } from './docked-rows';

const dp = dockedProjects;

/** The docked project (404 when missing or deleted). */
export async function getDocked(db: Queryable, id: number) {
  const [row] = await selectDocked(db).where(and(eq(dp.pkid, id), isNull(dp.deletedAt)));
  if (!row) throw new AppError('not_found', { message: m.notFound });
  const attached = await db
    .select({ type: dockedProjectFiles.type, fileName: files.originalName, size: files.size })
    .from(dockedProjectFiles)
    .innerJoin(files, eq(files.id, dockedProjectFiles.fileId))
    .where(eq(dockedProjectFiles.dockedId, row.pkid))
    .orderBy(asc(dockedProjectFiles.type));
  return {
    ...toRow(
      row,
      attached.map((f) => f.type),
    ),
    lon: row.lon,
    lat: row.lat,
    projectType: row.projectType,
    totalInvestment: row.totalInvestment,
    landArea: row.landArea,
    buildingArea: row.buildingArea,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    importedAt: row.importedAt,
    files: attached.map((f) => ({ ...f, typeName: dockedFileTypeLabel(f.type) })),
  };
}
