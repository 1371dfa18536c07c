'use client';

import { Bar, BarChart as RechartsBarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { seriesColor } from './colors';
import { formatTick, formatValue, type ValueFormat } from './format';

export type BarDatum = { key: string; label: string; value: number };

/** Horizontal bars, one per category (hand-off reasons, languages). */
export function BarChart({ data, format = 'count', label, testId, colorByKey = false }: { data: BarDatum[]; format?: ValueFormat; label: string; testId?: string; colorByKey?: boolean }) {
  const height = Math.max(120, data.length * 36 + 40);
  return (
    <figure className="m-0" aria-label={label} data-testid={testId} data-points={data.length}>
      {data.length === 0 ? (
        <p className="flex h-28 items-center justify-center rounded-md border border-dashed text-sm text-muted-foreground">No data in this range.</p>
      ) : (
        <div style={{ height }} className="w-full text-xs">
          <ResponsiveContainer width="100%" height="100%">
            <RechartsBarChart data={data} layout="vertical" margin={{ top: 4, right: 24, bottom: 4, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" horizontal={false} />
              <XAxis type="number" stroke="var(--muted-foreground)" tickLine={false} allowDecimals={false} tickFormatter={(v) => formatTick(v, format)} />
              <YAxis type="category" dataKey="label" stroke="var(--muted-foreground)" tickLine={false} width={130} />
              <Tooltip
                formatter={(value) => formatValue(value, format)}
                cursor={{ fill: 'var(--accent)' }}
                contentStyle={{ background: 'var(--card)', border: '1px solid var(--border)', borderRadius: 8, color: 'var(--card-foreground)' }}
              />
              <Bar dataKey="value" name={label} isAnimationActive={false} radius={[0, 4, 4, 0]}>
                {data.map((d, i) => (
                  <Cell key={d.key} fill={colorByKey ? seriesColor(d.key, i) : seriesColor('overall', 0)} />
                ))}
              </Bar>
            </RechartsBarChart>
          </ResponsiveContainer>
        </div>
      )}
    </figure>
  );
}
