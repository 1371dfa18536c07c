/** Console dates: UTC, like the list's date filter, so what you filter is what you see. */
const dateTime = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

export function formatDateTime(date: Date): string {
  return `${dateTime.format(date)} UTC`;
}

export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '–';
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

export function formatUsd(usd: number): string {
  if (usd === 0) return '$0';
  return usd < 0.01 ? `$${usd.toFixed(5)}` : `$${usd.toFixed(4)}`;
}

export function formatScore(score: number | null | undefined, digits = 3): string {
  return score === null || score === undefined ? '–' : score.toFixed(digits);
}

export const LANGUAGE_NAMES: Record<string, string> = { en: 'English', de: 'German', fr: 'French', it: 'Italian' };

export function languageName(lang: string | null): string {
  if (!lang) return '–';
  return LANGUAGE_NAMES[lang] ?? lang;
}
