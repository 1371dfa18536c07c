import type { Messages } from '@/lib/i18n/messages';

/** The chat's UI strings: plain strings only, so server components can pass them to the client. */
export type ChatLabels = Messages['chat'];

/** Fills `{name}` placeholders: fill('Source {n}', { n: 2 }) → 'Source 2'. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}
