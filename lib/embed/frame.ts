import type { WidgetSite } from '@/lib/config';
import { isLocale, type Locale } from '@/lib/i18n/locales';

/** The widget's chat page: the only page other sites may frame. */
export const EMBED_PATH = '/embed';

export function isEmbedPath(pathname: string): boolean {
  return pathname === EMBED_PATH || pathname.startsWith(`${EMBED_PATH}/`);
}

/** frame-ancestors for the widget's page: this site and the WIDGET_SITES allow-list, nobody else. */
export function widgetFrameAncestors(sites: readonly WidgetSite[]): string {
  return ["'self'", ...sites.map((site) => site.origin)].join(' ');
}

/** The host page's language (`de`, `de-CH`, `fr_FR`…) as one of ours, if it is one. */
export function embedLocale(lang: string | null): Locale | undefined {
  const primary = lang?.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : undefined;
}

