/**
 * What the public may see of projects: never one that was not published (status 0, 待发布). Every
 * public read of projects (the map's points, cards and search, the hall's newest list) filters with
 * this one condition.
 */
import { ne } from 'drizzle-orm';
import { projects } from '@server/db/schema';
import { projectStatus } from '@shared/domain/statuses';

export const isPublicProject = ne(projects.status, projectStatus.code.draft);
