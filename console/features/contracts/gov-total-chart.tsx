/**
 * The bar chart of /contract/GovPurchaseTotal. recharts is about 100 KB gzipped, so it is loaded
 * only when this chart is drawn (issue 10: charts only on chart pages), not with the contract group.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface YearPoint {
  year: string;
  /** 万元 */
  amount: number;
}

export default function YearBars({ points }: { points: readonly YearPoint[] }) {
  return (
    <ResponsiveContainer width="100%" height={300}>
      <BarChart data={[...points]} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="year" />
        <YAxis />
        <Tooltip formatter={(value) => [`${Number(value).toFixed(2)} 万元`, '金额']} />
        <Bar dataKey="amount" name="金额（万元）" fill="#1d5fa8" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
