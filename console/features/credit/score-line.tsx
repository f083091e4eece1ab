/**
 * The line of an agency's credit score over its changes (/evaluatemanger/orgEvalute). recharts is
 * about 100 KB gzipped, so it is loaded only when this chart is drawn.
 */
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { CreditScoreRecord } from '@shared/calls/credit';
import { formatDateTime } from '@shared/format';

export default function ScoreLine({ changes }: { changes: CreditScoreRecord['changes'] }) {
  const points = changes.map((change) => ({ at: formatDateTime(change.changedAt), score: change.toScore }));
  return (
    <figure className="credit-score-chart">
      <figcaption>信用分变化趋势（数值见下方“信用分变化”表）</figcaption>
      <ResponsiveContainer width="100%" height={240}>
        <LineChart data={points} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="at" hide />
          <YAxis domain={[0, 100]} />
          <Tooltip formatter={(value) => [`${String(value)} 分`, '信用分']} />
          <Line type="stepAfter" dataKey="score" name="信用分" stroke="#1d5fa8" isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
