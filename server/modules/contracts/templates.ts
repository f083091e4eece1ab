/**
 * Contract templates (queryTemplate, saveContractTemplate; issue 14). A template is rich text from the
 * notices editor, cleaned by the same allowlist (server/lib/html-sanitizer.ts; images are dropped: a
 * contract PDF shows text only), with {{placeholders}} (shared/domain/contracts.ts). Saving adds the
 * next version of the stage's template and never changes an older one, so the contracts drafted from
 * it keep their text. Two editors saving from the same version: the unique (stage, version) key lets
 * one win; the other gets 409 and nothing changes.
 */
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { contractTemplates, contracts, stages, users } from '@server/db/schema';
import { sanitizeRichText } from '@server/lib/html-sanitizer';
import type { SessionUser } from '@server/modules/identity';
import type { ContractTemplate } from '@shared/calls/contracts';
import { AppError } from '@shared/errors/app-error';
import { contractMessages, type TemplateSaveInput } from '@shared/validation/contracts';
import { unknownPlaceholders } from '@shared/domain/contracts';

const t = contractTemplates;

/** The newest version of a stage's template. */
export async function currentTemplate(db: Queryable, stageId: number) {
  const [row] = await db
    .select({ templateId: t.templateId, title: t.title, content: t.content, version: t.version })
    .from(t)
    .where(eq(t.stageId, stageId))
    .orderBy(desc(t.version))
    .limit(1);
  return row;
}

/** The template a contract was drafted from, as its detail names it (none without an id). */
export async function templateRefOf(db: Queryable, templateId: number | null) {
  if (templateId === null) return null;
  const [row] = await db
    .select({ templateId: t.templateId, version: t.version, title: t.title })
    .from(t)
    .where(eq(t.templateId, templateId));
  return row ?? null;
}

/** Every version (of one stage, or of all), newest first within a stage. */
export async function listTemplates(db: Queryable, stageId?: number): Promise<ContractTemplate[]> {
  const used = db
    .select({ templateId: contracts.templateId, n: count().as('n') })
    .from(contracts)
    .groupBy(contracts.templateId)
    .as('used');
  const rows = await db
    .select({
      templateId: t.templateId,
      stageId: t.stageId,
      stageName: stages.name,
      version: t.version,
      title: t.title,
      content: t.content,
      remark: t.remark,
      createdByName: users.username,
      createdAt: t.createdAt,
      latest: sql<number>`max(${t.version}) over (partition by ${t.stageId})`.mapWith(Number),
      contractCount: sql<number>`coalesce(${used.n}, 0)`.mapWith(Number),
    })
    .from(t)
    .innerJoin(stages, eq(stages.stageId, t.stageId))
    .leftJoin(users, eq(users.pkid, t.createdBy))
    .leftJoin(used, eq(used.templateId, t.templateId))
    .where(stageId === undefined ? undefined : eq(t.stageId, stageId))
    .orderBy(stages.orderIndex, t.stageId, desc(t.version));
  return rows.map(({ latest, ...row }) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    isCurrent: row.version === latest,
  }));
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}

/** Saves a new version of the stage's template (409 when someone saved a newer one meanwhile). */
export async function saveTemplate(
  db: Queryable,
  user: SessionUser,
  input: TemplateSaveInput,
): Promise<ContractTemplate> {
  const content = sanitizeRichText(input.content, { isOwnImage: () => false });
  const unknown = unknownPlaceholders(content);
  if (unknown.length > 0)
    throw new AppError('invalid_input', {
      message: contractMessages.unknownPlaceholder(unknown),
      field: 'content',
    });
  if (content.replace(/<[^>]*>|&nbsp;|\s/g, '') === '')
    throw new AppError('invalid_input', { message: contractMessages.contentRequired, field: 'content' });
  const current = await currentTemplate(db, input.stageId);
  const version = (current?.version ?? 0) + 1;
  if ((current?.version ?? 0) !== input.baseVersion)
    throw new AppError('conflict', { message: contractMessages.staleTemplate });
  let templateId: number;
  try {
    const [row] = await db
      .insert(t)
      .values({
        stageId: input.stageId,
        version,
        title: input.title,
        content,
        remark: input.remark ?? null,
        createdBy: user.pkid,
      })
      .returning({ templateId: t.templateId });
    if (!row) throw new AppError('internal');
    templateId = row.templateId;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', { message: contractMessages.staleTemplate });
    throw error;
  }
  const saved = (await listTemplates(db, input.stageId)).find((row) => row.templateId === templateId);
  if (!saved) throw new AppError('internal');
  return saved;
}
