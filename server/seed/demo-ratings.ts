/**
 * Demo ratings (/constructionSatisfy): two of every three demands of finished projects (已验收, 已办结)
 * get the owner's rating of the agency that accepted the work; the others stay open, so each demo owner
 * has something to rate. Derived from a project batch with a hash of the demand id (no draw from the
 * shared random stream), so adding ratings does not move any other demo row.
 */
import { createHash } from 'node:crypto';
import type * as schema from '@server/db/schema';
import { DEFAULT_CRITERIA } from '@shared/domain/evaluations';
import type { ProjectBatch } from './demo';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

const comments = [
  '成果质量好，按期完成，沟通及时。',
  '外业安排合理，成果一次通过审核。',
  '整体满意，个别图件修改稍慢。',
  '服务态度好，响应迅速。',
  null,
];

function scoresOf(demandId: number): number[] {
  const bytes = createHash('sha256').update(`rating:${demandId}`).digest();
  return [0, 1, 2, 3, 4].map((i) => bytes[i] as number);
}

export function demoRatings(batch: ProjectBatch): Insert<typeof schema.constructionSatisfaction>[] {
  const projects = new Map(batch.projects.map((p) => [p.pkid as number, p]));
  const accepted = new Map(
    batch.projectAuthorizations.filter((a) => a.state === 1).map((a) => [a.demandId, a.organizationId]),
  );
  return batch.projectDemands.flatMap((demand) => {
    const project = projects.get(demand.projectId);
    const organizationId = accepted.get(demand.pkid as number);
    if (!project || organizationId === undefined || (project.status !== 6 && project.status !== 7)) return [];
    const [pick, q, t, s, c] = scoresOf(demand.pkid as number) as [number, number, number, number, number];
    if (pick % 3 === 0) return [];
    // Mostly good work: 3 to 5, now and then a 2.
    const score = (b: number) => (b < 20 ? 2 : b < 70 ? 3 : b < 160 ? 4 : 5);
    const completed = project.completedAt ?? project.updatedAt ?? project.createdAt;
    return [
      {
        demandId: demand.pkid as number,
        projectId: demand.projectId,
        organizationId,
        constructionId: project.constructionId,
        // Scored on the default smo criteria (version 1): 成果质量, 及时性, 服务态度.
        criteriaVersion: 1,
        scores: DEFAULT_CRITERIA.smo.map((label, i) => ({ label, score: score([q, t, s][i]!) })),
        comment: comments[c % comments.length] ?? null,
        ratedBy: project.createdBy ?? null,
        ...(completed ? { createdAt: new Date(new Date(completed).getTime() + 60_000) } : {}),
      },
    ];
  });
}
