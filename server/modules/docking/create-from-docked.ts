/** createProject: the owner turns its unit's docked project into a draft project. */
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { dockedProjects, projects } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { addProject, logProjectEvent } from '@server/modules/projects';
import { auditStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { dockingMessages as m } from '@shared/validation/docking';
import { projectFieldsSchema } from '@shared/validation/projects';
import { ofUnit, selectDocked, unitOf, type SelectedDocked } from './docked-rows';

const dp = dockedProjects;

type Unit = NonNullable<Awaited<ReturnType<typeof unitOf>>>;

/** The project's fields from the docked row; what the platform left empty (contact) from the unit. */
function projectFieldsOf(row: SelectedDocked, unit: Unit) {
  const fields = projectFieldsSchema.safeParse({
    projectName: row.projectName,
    centralCode: row.centralCode ?? '',
    localCode: row.localCode ?? undefined,
    lon: row.lon ?? '',
    lat: row.lat ?? '',
    address: row.address ?? undefined,
    fundingParty: row.fundingParty ?? unit.name,
    projectType: row.projectType ?? undefined,
    totalInvestment: row.totalInvestment ?? undefined,
    landArea: row.landArea ?? undefined,
    buildingArea: row.buildingArea ?? undefined,
    contactName: row.contactName ?? unit.contactName ?? '',
    contactPhone: row.contactPhone ?? unit.contactPhone ?? '',
  });
  if (!fields.success)
    throw new AppError('invalid_input', { message: m.incomplete(fields.error.issues[0]?.message ?? '') });
  return fields.data;
}

/** Links the docked row to the new project; of two imports of the same row at once, one links it. */
async function linkProject(
  tx: Queryable,
  user: SessionUser,
  row: SelectedDocked,
  projectId: number,
  at: Date,
) {
  const linked = await tx
    .update(dp)
    .set({ projectId, importedBy: user.pkid, importedAt: at, updatedAt: at })
    .where(and(eq(dp.pkid, row.pkid), isNull(dp.projectId)))
    .returning({ pkid: dp.pkid });
  if (linked.length === 0) {
    const [winner] = await tx
      .select({ projectNo: projects.projectNo })
      .from(dp)
      .innerJoin(projects, eq(projects.pkid, dp.projectId))
      .where(eq(dp.pkid, row.pkid));
    throw new AppError('conflict', { message: m.alreadyImported(winner?.projectNo ?? '') });
  }
  await logProjectEvent(tx, {
    projectId,
    actor: { pkid: user.pkid, username: user.username },
    content: `从省审批平台导入（平台项目编号 ${row.platformProjectId}）`,
    at: at,
  });
}

/**
 * The one action: the owner's docked project becomes a draft project of its unit through the project
 * add service (its rules and duplicate check apply), and the docked row records the project. Fields the
 * platform left empty (contact) come from the unit; a row still missing what a project needs answers
 * 400 naming it, and nothing is created.
 */
export async function createFromDocked(
  ctx: Pick<AppContext, 'db' | 'pageCache' | 'services'>,
  user: SessionUser,
  id: number,
) {
  const unit = await unitOf(ctx.db, user.pkid);
  if (!unit || unit.auditStatus !== auditStatus.code.approved)
    throw new AppError('forbidden', { message: m.noUnit });
  const [row] = await selectDocked(ctx.db).where(and(eq(dp.pkid, id), isNull(dp.deletedAt), ofUnit(unit)));
  if (!row) throw new AppError('not_found', { message: m.notFound });
  if (row.projectId !== null)
    throw new AppError('conflict', { message: m.alreadyImported(row.projectNo ?? '') });
  // The project stands only with its link: of two imports of the same row at once, one creates it.
  return addProject(ctx, user, projectFieldsOf(row, unit), (tx, projectId) =>
    linkProject(tx, user, row, projectId, ctx.services.now()),
  );
}
