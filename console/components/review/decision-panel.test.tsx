import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { reviewMessages } from '@shared/domain/review';
import { auditStatus } from '@shared/domain/statuses';
import {
  DecisionPanel,
  decisionOf,
  decisionProblem,
  transferFields,
  verdictFields,
  type DecisionPanelProps,
} from './decision-panel';

const opinions = [
  { pkid: 1, content: '材料齐全，同意通过' },
  { pkid: 2, content: '材料不全，请补充后重新提交' },
];
const reviewers = [
  { pkid: 9, username: '李审核' },
  { pkid: 12, username: '审核员乙' },
];

function render(props: Partial<DecisionPanelProps> = {}) {
  return renderToString(
    <DecisionPanel
      status={auditStatus.code.pending}
      opinions={opinions}
      reviewers={reviewers}
      onDecide={async () => {}}
      {...props}
    />,
  );
}

const buttons = (html: string) =>
  [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((match) => match[1]!.replace(/<!-- -->/g, ''));

describe('DecisionPanel', () => {
  it('offers approve, reject and transfer on a pending item, with the opinion templates and the reviewers', () => {
    const html = render();
    expect(html).toContain('data-slot="decision-panel"');
    expect(html).toMatch(/<h2 id="([^"]+)-title"[^>]*>审核处理<\/h2>/);
    expect(buttons(html)).toEqual([
      '材料齐全，同意通过',
      '材料不全，请补充后重新提交',
      '审核通过',
      '审核不通过',
      '转办',
    ]);
    expect(html).toContain('role="group" aria-label="常用审核意见"');
    // The opinion and the transfer target are labelled fields.
    expect(html).toMatch(/<label[^>]*for="([^"]+)-opinion"[^>]*>审核意见<\/label>/);
    expect(html).toMatch(/<textarea[^>]*maxLength="500"/);
    expect(html).toMatch(/<label[^>]*for="([^"]+)-transfer"[^>]*>转办给<\/label>/);
    expect(html).toContain('<option value="9">李审核</option>');
    expect(html).toContain('<option value="12">审核员乙</option>');
    // Nothing is disabled until a decision is being sent; no error shows before one is tried.
    expect(html).not.toContain('disabled=""');
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain(reviewMessages.opinionRequired);
  });

  it('shows nothing where the table allows a reviewer no decision', () => {
    for (const status of [auditStatus.code.draft, auditStatus.code.approved, auditStatus.code.rejected])
      expect(render({ status }), auditStatus.label(status)).toBe('');
  });

  it('offers only what the server allows this user, when it says', () => {
    const html = render({ allowed: ['approve', 'reject', 'withdraw'] });
    expect(buttons(html).slice(-2)).toEqual(['审核通过', '审核不通过']);
    expect(html).not.toContain('转办给');
    expect(render({ allowed: [] })).toBe('');
    expect(render({ allowed: ['withdraw'] })).toBe('');
  });

  it('without templates, still offers the free-text opinion', () => {
    const html = render({ opinions: [] });
    expect(html).not.toContain('aria-label="常用审核意见"');
    expect(html).toContain('审核意见');
    expect(buttons(html)).toEqual(['审核通过', '审核不通过', '转办']);
  });
});

describe('decisionProblem', () => {
  const empty = { opinion: '  ', transferTo: '' };
  it('approving needs nothing', () => {
    expect(decisionProblem('approve', empty)).toBeNull();
  });

  it('rejecting needs an opinion', () => {
    expect(decisionProblem('reject', empty)).toEqual({ field: 'opinion', message: '请填写审核意见' });
    expect(decisionProblem('reject', { ...empty, opinion: '不全' })).toBeNull();
  });

  it('transferring needs a reason and a reviewer', () => {
    expect(decisionProblem('transfer', empty)).toEqual({
      field: 'opinion',
      message: reviewMessages.reasonRequired,
    });
    expect(decisionProblem('transfer', { opinion: '请乙复核', transferTo: '' })).toEqual({
      field: 'transferTo',
      message: reviewMessages.transferTargetRequired,
    });
    expect(decisionProblem('transfer', { opinion: '请乙复核', transferTo: '12' })).toBeNull();
  });
});

describe('decisionOf', () => {
  it('sends the trimmed opinion, the transfer target as a number and the version seen', () => {
    expect(decisionOf('approve', { opinion: '  ', transferTo: '12' })).toEqual({ decision: 'approve' });
    expect(decisionOf('reject', { opinion: ' 不全 ', transferTo: '' }, 4)).toEqual({
      decision: 'reject',
      opinion: '不全',
      version: 4,
    });
    expect(decisionOf('transfer', { opinion: '请乙复核', transferTo: '12' })).toEqual({
      decision: 'transfer',
      opinion: '请乙复核',
      transferToId: 12,
    });
  });
});

describe('the fields of the spec calls', () => {
  it('gives an approval or a rejection as auditStatus 2 or 3 with the opinion and the version seen', () => {
    expect(verdictFields({ decision: 'approve' })).toEqual({ auditStatus: 2 });
    expect(verdictFields({ decision: 'reject', opinion: '不全', version: 4 })).toEqual({
      auditStatus: 3,
      opinion: '不全',
      version: 4,
    });
  });

  it('gives a transfer as its reason and reviewer', () => {
    expect(
      transferFields({ decision: 'transfer', opinion: '请乙复核', transferToId: 12, version: 2 }),
    ).toEqual({
      askReason: '请乙复核',
      transferStaffId: 12,
      version: 2,
    });
  });
});
