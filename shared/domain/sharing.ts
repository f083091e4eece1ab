/**
 * Result sharing (issue 22, DOMAIN.md "Sharing"): a result-sharing department applies for an accepted
 * project's results with a purpose; the project's owner, then the authority, approve or reject it
 * through the review workflow (kinds `share_owner` and `share_authority`); an approved application is
 * valid for a configured period (SHARE_VALID_DAYS, default 90), within which its applicant downloads the
 * project's adopted result files, each download recorded.
 */
import { defineStatusTable } from './status-table';

/** The application's state, mirrored from its two review items (server/modules/sharing/review-hooks.ts). */
export const shareStatus = defineStatusTable([
  { value: 0, key: 'draft', label: '草稿', tone: 'neutral' },
  { value: 1, key: 'ownerPending', label: '待建设单位审核', tone: 'warning' },
  { value: 2, key: 'authorityPending', label: '待主管部门审核', tone: 'warning' },
  { value: 3, key: 'approved', label: '已通过', tone: 'success' },
  { value: 4, key: 'ownerRejected', label: '建设单位不同意', tone: 'danger' },
  { value: 5, key: 'authorityRejected', label: '主管部门不同意', tone: 'danger' },
]);
export type ShareStatus = (typeof shareStatus.values)[number];

/** The default validity of an approved application, in days (configurable: SHARE_VALID_DAYS). */
export const DEFAULT_SHARE_VALID_DAYS = 90;

/** The purpose's limit (characters). */
export const SHARE_PURPOSE_MAX = 500;

/** What a list row says of an application's validity, seen at `now`. */
export function shareValidity(
  status: number,
  validUntil: Date | string | null,
  now: Date,
): 'valid' | 'expired' | null {
  if (status !== shareStatus.code.approved || validUntil === null) return null;
  return new Date(validUntil).getTime() > now.getTime() ? 'valid' : 'expired';
}
