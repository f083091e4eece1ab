import { describe, expect, it } from 'vitest';
import {
  auditDecision,
  auditStatus,
  canMoveProject,
  creditFlag,
  creditFlagsOf,
  noticeState,
  noticeType,
  projectStatus,
  resultAcceptance,
  type StatusEntry,
  type StatusTable,
} from './statuses';
import { decisionsFrom } from './review';

describe('status tables', () => {
  it('look up labels, keys and values', () => {
    expect(auditStatus.label(1)).toBe('待审核');
    expect(auditStatus.code.approved).toBe(2);
    expect(auditStatus.values).toEqual([0, 1, 2, 3]);
    expect(auditStatus.label(7)).toBe('未知');
    expect(auditStatus.find(3)?.tone).toBe('danger');
    expect(auditStatus.has(3)).toBe(true);
    expect(auditStatus.has('3')).toBe(false);
    expect(projectStatus.values).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 9]);
    expect(projectStatus.label(9)).toBe('已终止');
    expect(noticeState.values).toEqual([0, 1, 2]);
    expect(noticeType.label(0)).toBe('通知公告');
    expect(noticeType.code.updateLog).toBe(3);
    expect(resultAcceptance.label(2)).toBe('已采纳');
    expect(creditFlag.label('blacklisted')).toBe('黑名单');
  });

  it('decisions equal the audit status they lead to', () => {
    expect(auditDecision.code.approved).toBe(auditStatus.code.approved);
    expect(auditDecision.code.rejected).toBe(auditStatus.code.rejected);
    expect(auditDecision.code.submitted).toBe(auditStatus.code.pending);
  });

  it('keys and values are unique in every table', () => {
    const tables: StatusTable<StatusEntry>[] = [
      auditStatus,
      auditDecision,
      projectStatus,
      resultAcceptance,
      noticeState,
      noticeType,
      creditFlag,
    ];
    for (const table of tables) {
      expect(new Set(table.values).size).toBe(table.entries.length);
      expect(new Set(table.entries.map((e) => e.key)).size).toBe(table.entries.length);
    }
  });

  it('transitions follow DOMAIN.md', () => {
    expect(decisionsFrom(0)).toEqual(['submit']);
    expect(decisionsFrom(3)).toEqual(['submit']);
    expect(decisionsFrom(1, 'reviewer')).toEqual(['approve', 'reject', 'transfer']);
    expect(decisionsFrom(1, 'applicant')).toEqual(['withdraw']);
    expect(decisionsFrom(2)).toEqual([]);
    expect(canMoveProject(0, 1)).toBe(true);
    expect(canMoveProject(0, 2)).toBe(false);
    expect(canMoveProject(6, 7)).toBe(true);
    expect(canMoveProject(5, 9)).toBe(true);
    expect(canMoveProject(6, 9)).toBe(false);
    expect(canMoveProject(7, 9)).toBe(false);
    expect(canMoveProject(9, 0)).toBe(false);
  });

  it('creditFlagsOf lists the set flags', () => {
    expect(creditFlagsOf({ isLostCredit: true, isUnqualified: false, isBlacklisted: true })).toEqual([
      'lostCredit',
      'blacklisted',
    ]);
    expect(creditFlagsOf({ isLostCredit: false, isUnqualified: false, isBlacklisted: false })).toEqual([]);
  });
});
