import type { DepartmentKind } from '@shared/domain/statuses';

/**
 * Department ids by kind, the same in every installation (the reference rows of server/seed):
 * registration puts new agencies and owners into these.
 */
export const departmentIds: Readonly<Record<DepartmentKind, number>> = {
  admin: 1,
  authority: 2,
  district: 3,
  sharing: 4,
  agency: 5,
  construction: 6,
};
