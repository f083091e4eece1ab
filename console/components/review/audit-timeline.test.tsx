import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { roles } from '@shared/domain/roles';
import { auditDecision } from '@shared/domain/statuses';
import { AuditTimeline, type TimelineRecord } from './audit-timeline';

const records: TimelineRecord[] = [
  {
    pkid: 1,
    decision: auditDecision.code.submitted,
    opinion: null,
    auditorName: '云州市勘测设计研究院',
    roleId: roles.agency.id,
    transferToName: null,
    auditedAt: '2026-03-02T01:00:00.000Z',
  },
  {
    pkid: 2,
    decision: auditDecision.code.transferred,
    opinion: '请乙复核',
    auditorName: '周振华',
    roleId: roles.authority.id,
    transferToName: '审核员乙',
    auditedAt: '2026-03-02T02:30:00.000Z',
  },
  {
    pkid: 3,
    decision: auditDecision.code.rejected,
    opinion: '营业执照不清晰',
    auditorName: null,
    roleId: null,
    transferToName: null,
    auditedAt: '2026-03-03T08:05:00.000Z',
  },
];

const textOf = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '|');

describe('AuditTimeline', () => {
  it('says so when there is no record, without an empty list', () => {
    const html = renderToString(<AuditTimeline records={[]} />);
    expect(html).toContain('暂无审核记录');
    expect(html).not.toContain('<ol');
    expect(html).toContain('aria-label="审核记录"');
  });

  it('lists the records in order, each with its decision, who in which role, when and the opinion', () => {
    const html = renderToString(<AuditTimeline records={records} title="机构审核记录" />);
    expect(html).toContain('<section data-slot="audit-timeline"');
    expect(html).toContain('aria-label="机构审核记录"');
    const items = html.split('<li').slice(1);
    expect(items).toHaveLength(3);
    expect(html.indexOf('<ol')).toBeLessThan(html.indexOf('<li'));

    // Labels and tones from the shared decision table.
    expect(items[0]).toContain('提交审核');
    expect(items[1]).toMatch(/kit-badge--neutral[^>]*>转办</);
    expect(items[2]).toMatch(/kit-badge--danger[^>]*>审核不通过</);

    expect(textOf(items[0]!)).toContain('云州市勘测设计研究院（测绘中介机构）');
    expect(textOf(items[1]!)).toContain('周振华（行业主管部门）');
    expect(textOf(items[1]!)).toContain('转办给：审核员乙');
    expect(textOf(items[1]!)).toContain('转办原因：请乙复核');
    expect(textOf(items[2]!)).toContain('系统');
    expect(textOf(items[2]!)).toContain('审核意见：营业执照不清晰');
    expect(items[0]).not.toContain('审核意见');

    // A machine-readable time and a Chinese local one (Asia/Shanghai).
    expect(items[1]).toContain('dateTime="2026-03-02T02:30:00.000Z"');
    expect(textOf(items[1]!)).toContain('2026-03-02 10:30');
  });
});
