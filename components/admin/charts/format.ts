/** How chart axes and tooltips print values. Pure: shared by the charts and the pages. */
export type ValueFormat = 'count' | 'rate' | 'score' | 'ms' | 'usd';

export function formatValue(value: unknown, format: ValueFormat): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return '—';
  switch (format) {
    case 'rate':
      return `${(n * 100).toFixed(1)} %`;
    case 'score':
      return n.toFixed(3);
    case 'ms':
      return n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(n < 10 ? 1 : 0)} ms`;
    case 'usd':
      return n === 0 ? '$0' : n < 0.01 ? `$${n.toFixed(5)}` : `$${n.toFixed(2)}`;
    default:
      return Number.isInteger(n) ? n.toLocaleString('en-US') : n.toFixed(1);
  }
}

/** Axis ticks: shorter than tooltips. */
export function formatTick(value: unknown, format: ValueFormat): string {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '';
  if (format === 'rate') return `${Math.round(n * 100)}%`;
  if (format === 'score') return n.toFixed(2);
  if (format === 'ms') return n >= 1000 ? `${(n / 1000).toFixed(1)}s` : `${Math.round(n)}`;
  if (format === 'usd') return `$${n.toFixed(3)}`;
  return n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(Math.round(n * 10) / 10);
}

export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
