'use client';

import { CartesianGrid, Legend, Line, LineChart as RechartsLineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { seriesColor } from './colors';
import { formatTick, formatValue, type ValueFormat } from './format';

export type LineSpec = { key: string; label: string; color?: string; emphasis?: boolean };

/**
 * A line chart over rows (runs, days). Gaps (null) are left as gaps. The wrapper carries the
 * number of points so tests and screen readers can tell what the chart holds.
 */
export function LineChart({
  data,
  xKey,
  lines,
  format,
  height = 260,
  label,
  testId,
  domain,
}: {
  data: Record<string, unknown>[];
  xKey: string;
  lines: LineSpec[];
  format: ValueFormat;
  height?: number;
  label: string;
  testId?: string;
  domain?: [number | 'auto', number | 'auto'];
}) {
  return (
    <figure className="m-0" aria-label={label} data-testid={testId} data-points={data.length}>
      {data.length === 0 ? (
        <p className="flex items-center justify-center rounded-md border border-dashed text-sm text-muted-foreground" style={{ height }}>
          No data yet.
        </p>
      ) : (
        <div style={{ height }} className="w-full text-xs">
          <ResponsiveContainer width="100%" height="100%">
            <RechartsLineChart data={data} margin={{ top: 8, right: 16, bottom: 4, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
              <XAxis dataKey={xKey} stroke="var(--muted-foreground)" tickLine={false} minTickGap={16} />
              <YAxis stroke="var(--muted-foreground)" tickLine={false} width={48} domain={domain ?? ['auto', 'auto']} tickFormatter={(v) => formatTick(v, format)} />
              <Tooltip
                formatter={(value) => formatValue(value, format)}
                contentStyle={{ background: 'var(--card)', border: '1px solid var(--border)', borderRadius: 8, color: 'var(--card-foreground)' }}
              />
              {lines.length > 1 && <Legend itemSorter={null} />}
              {lines.map((line, i) => (
                <Line
                  key={line.key}
                  type="monotone"
                  dataKey={line.key}
                  name={line.label}
                  stroke={line.color ?? seriesColor(line.key, i)}
                  strokeWidth={line.emphasis ? 3 : 1.5}
                  dot={{ r: line.emphasis ? 3 : 2 }}
                  connectNulls={false}
                  isAnimationActive={false}
                />
              ))}
            </RechartsLineChart>
          </ResponsiveContainer>
        </div>
      )}
    </figure>
  );
}
