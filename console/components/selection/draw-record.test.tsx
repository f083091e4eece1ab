import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PublicSelection } from '@shared/calls/selection';
import { DrawRecordView } from './draw-record';

const base: Omit<PublicSelection, 'method'> = {
  demandId: 7,
  state: 'done',
  commitment: 'a'.repeat(64),
  salt: null,
  candidates: null,
  hashInput: null,
  hash: null,
  drawnAt: null,
  winnerId: 3,
  winnerName: '云州市勘测设计研究院',
  decidedAt: '2026-03-02T09:00:00.000Z',
  decidedByName: '建设单位',
  quoteDeadline: null,
};

const render = (record: PublicSelection) =>
  renderToString(
    <MemoryRouter>
      <DrawRecordView record={record} />
    </MemoryRouter>,
  );

describe('the selection record', () => {
  it('shows a direct choice without the draw’s commitment and how to check a draw', () => {
    const html = render({ ...base, method: 'direct' });
    expect(html).toContain('直接选取');
    expect(html).not.toContain('承诺值');
    expect(html).not.toContain('如何复核');
  });

  it('shows a draw with its commitment and how to check it', () => {
    const html = render({ ...base, method: 'draw' });
    expect(html).toContain('承诺值');
    expect(html).toContain('如何复核');
  });
});
