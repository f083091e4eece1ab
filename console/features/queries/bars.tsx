/**
 * The bar chart of the statistics pages (recharts, about 100 KB gzipped: loaded only when a chart is
 * drawn, issue 10). Each page shows the same numbers in a table beside it, for screen readers and export.
 */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface BarSeries {
  key: string;
  name: string;
  color: string;
}

export default function Bars({
  data,
  series,
  height = 320,
}: {
  data: readonly Record<string, string | number>[];
  series: readonly BarSeries[];
  height?: number;
}) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={[...data]} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="name" interval={0} tick={{ fontSize: 12 }} />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
