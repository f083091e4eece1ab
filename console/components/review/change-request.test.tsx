import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { auditStatus } from '@shared/domain/statuses';
import { ChangeComparison, comparedFields } from './change-comparison';
import { changedNames, decideBySpecCalls } from './change-request';

describe('changedNames', () => {
  const labels = { address: '办公地址', contactPhone: '联系电话' };

  it('names the changed fields by their labels, the attachments as 附件', () => {
    expect(changedNames(['address', 'attachments'], labels)).toBe('办公地址、附件');
  });

  it('keeps a key without a label, and says 附件 when only the attachments change', () => {
    expect(changedNames(['other'], labels)).toBe('other');
    expect(changedNames([], labels)).toBe('附件');
  });
});

describe('decideBySpecCalls', () => {
  const sent: { call: string; input: unknown }[] = [];
  const send = (call: string) => async (input: unknown) => {
    sent.push({ call, input });
    return { message: call };
  };

  it("sends approvals and rejections to the kind's approve call, transfers to its transfer call", async () => {
    const decide = decideBySpecCalls(7, send('approve'), send('transfer'));
    await decide({ decision: 'reject', opinion: '材料不全', version: 3 });
    await decide({ decision: 'transfer', opinion: '请李审核办理', transferToId: 9, version: 3 });
    expect(sent).toEqual([
      {
        call: 'approve',
        input: { id: 7, auditStatus: auditStatus.code.rejected, opinion: '材料不全', version: 3 },
      },
      { call: 'transfer', input: { id: 7, askReason: '请李审核办理', transferStaffId: 9, version: 3 } },
    ]);
  });
});

describe('ChangeComparison', () => {
  it('marks the changed rows and compares the attachments when the kind has them', () => {
    const html = renderToString(
      <ChangeComparison
        changed={['address']}
        fields={[
          { key: 'address', label: '办公地址', before: '旧址', after: '新址' },
          { key: 'contactPhone', label: '联系电话', before: '123', after: '123' },
        ]}
        files={{
          before: [{ fileId: 'a', fileName: '营业执照：旧.pdf' }],
          after: [{ fileId: 'b', fileName: '营业执照：新.pdf' }],
          changed: true,
          href: (file, kind) => `/${kind}/${file.fileId}`,
        }}
      />,
    );
    expect(html).toContain('办公地址<span class="rv-compare__mark">（已变更）</span>');
    expect(html).not.toContain('联系电话<span');
    expect(html).toContain('附件对照<span class="rv-compare__mark">（已变更）</span>');
    expect(html).toContain('营业执照：新.pdf');
  });
});

describe('comparedFields', () => {
  it("gives a row per key, in the keys' order, each side shown the same way", () => {
    const change = { before: { a: 1, b: 2 }, data: { a: 1, b: 5 } };
    const labels = { a: '甲', b: '乙' };
    expect(comparedFields(['b', 'a'], labels, change, (key, fields) => `${key}=${fields[key]}`)).toEqual([
      { key: 'b', label: '乙', before: 'b=2', after: 'b=5' },
      { key: 'a', label: '甲', before: 'a=1', after: 'a=1' },
    ]);
  });
});
