/**
 * Credit entries (信用记录): their kinds and statuses, shared by the database's CHECKs, the contracts
 * and the console.
 */
export const creditEntryKinds = ['lostCredit', 'unqualified', 'blacklist', 'personBlacklist', 'red'] as const;
export type CreditEntryKind = (typeof creditEntryKinds)[number];

export const creditEntryKindLabels: Record<CreditEntryKind, string> = {
  lostCredit: '失信',
  unqualified: '不合格',
  blacklist: '机构黑名单',
  personBlacklist: '人员黑名单',
  red: '红名单',
};

/** Kinds that keep an agency out of new demands (the red list does not). */
export const restrictingKinds = [
  'lostCredit',
  'unqualified',
  'blacklist',
] as const satisfies readonly CreditEntryKind[];

/** active: in force (or starting later); expired: past its end date; ended: revoked by the authority. */
export const creditEntryStatuses = ['active', 'expired', 'ended'] as const;
export type CreditEntryStatus = (typeof creditEntryStatuses)[number];

export const creditEntryStatusLabels: Record<CreditEntryStatus, string> = {
  active: '生效',
  expired: '已到期',
  ended: '已撤销',
};
