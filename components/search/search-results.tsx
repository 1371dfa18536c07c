import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import type { SearchHit } from '@/lib/rag/search';
import { snippet } from '@/lib/rag/snippet';
import { LOCALE_NAMES, isLocale, type Locale } from '@/lib/i18n/locales';

export function articleHref(hit: Pick<SearchHit, 'slug' | 'anchor'>): string {
  return `/articles/${hit.slug}${hit.anchor ? `#${hit.anchor}` : ''}`;
}

export function SearchResults({ hits, query, queryLang, locale, otherLanguageLabel }: {
  hits: SearchHit[];
  query: string;
  queryLang: string | undefined;
  locale: Locale;
  otherLanguageLabel: string;
}) {
  return (
    <ol className="grid gap-3" aria-label="Search results">
      {hits.map((hit) => (
        <li key={hit.chunkId} className="rounded-lg border bg-card p-4 transition-colors hover:border-primary/50">
          <h2 className="text-base font-semibold leading-snug">
            <Link href={articleHref(hit)} className="hover:underline" lang={hit.lang}>
              {hit.title}
            </Link>
          </h2>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            {hit.headingPath && <span lang={hit.lang}>{hit.headingPath}</span>}
            {hit.version && <Badge variant="outline">{hit.version}</Badge>}
            {hit.lang !== locale && isLocale(hit.lang) && (
              <Badge variant="secondary" title={otherLanguageLabel}>
                {LOCALE_NAMES[hit.lang]}
              </Badge>
            )}
          </div>
          <p className="mt-2 text-sm text-muted-foreground" lang={hit.lang}>
            {snippet(hit.content, query, queryLang ?? hit.lang).map((part, i) =>
              part.match ? (
                <mark key={i} className="rounded-sm bg-primary/15 px-0.5 text-foreground">
                  {part.text}
                </mark>
              ) : (
                <span key={i}>{part.text}</span>
              ),
            )}
          </p>
        </li>
      ))}
    </ol>
  );
}
