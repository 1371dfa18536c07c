/**
 * Series colours, mid-lightness so they read on the light and the dark theme alike. The first is
 * for "overall" (drawn thicker); languages keep the same colour on every chart.
 */
export const SERIES_COLORS = [
  'oklch(0.58 0.14 245)', // blue
  'oklch(0.65 0.15 150)', // green
  'oklch(0.68 0.16 60)', // amber
  'oklch(0.6 0.19 25)', // red
  'oklch(0.6 0.16 300)', // violet
  'oklch(0.65 0.12 200)', // teal
  'oklch(0.6 0.03 250)', // grey
] as const;

const LANGUAGE_COLORS: Record<string, string> = {
  overall: SERIES_COLORS[0],
  de: SERIES_COLORS[1],
  en: SERIES_COLORS[2],
  fr: SERIES_COLORS[3],
  it: SERIES_COLORS[4],
};

export function seriesColor(key: string, index: number): string {
  return LANGUAGE_COLORS[key] ?? SERIES_COLORS[(index + 5) % SERIES_COLORS.length]!;
}
