import { SearchX } from 'lucide-react';
import type { Metadata } from 'next';
import { SearchForm } from '@/components/search/search-form';
import { SearchResults } from '@/components/search/search-results';
import { takePageRateLimit } from '@/lib/http/page-rate-limit';
import { getMessages } from '@/lib/i18n/server';
import { searchHelpCenter } from '@/lib/rag/app-search';
import { detectLanguage } from '@/lib/i18n/detect-language';
import { searchParamsSchema } from '@/lib/rag/search-params';

export const metadata: Metadata = { title: 'Search' };

export default async function SearchPage({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  const { locale, t } = await getMessages();
  const raw = await searchParams;
  const parsed = searchParamsSchema.safeParse({ q: typeof raw.q === 'string' ? raw.q.slice(0, 300) : '', lang: raw.lang });
  const q = parsed.success ? parsed.data.q : '';
  // The page's language is the prior: a two-word query says little about its own language.
  const lang = (parsed.success ? parsed.data.lang : undefined) ?? detectLanguage(q, { prior: locale });
  // The page runs the same search as /api/search, so it counts in the same per-address budget.
  const allowed = q ? (await takePageRateLimit('search')).ok : true;
  const result = q && allowed ? await searchHelpCenter({ query: q, lang }) : undefined;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="sr-only">{t.search.title}</h1>
      <SearchForm defaultValue={q} labels={t.search} autoFocus={!q} />
      <div className="mt-6" aria-live="polite">
        {!allowed && (
          <p role="alert" className="py-10 text-center text-lg font-medium" data-testid="search-rate-limited">
            {t.search.rateLimited}
          </p>
        )}
        {allowed && !result && (
          <div className="py-10 text-center">
            <p className="text-lg font-medium">{t.search.emptyTitle}</p>
            <p className="mt-1 text-muted-foreground">{t.search.emptyBody}</p>
          </div>
        )}
        {result && result.hits.length === 0 && (
          <div className="flex flex-col items-center py-10 text-center">
            <SearchX className="mb-3 size-8 text-muted-foreground" aria-hidden />
            <p className="text-lg font-medium">{t.search.noResultsTitle}</p>
            <p className="mt-1 max-w-md text-muted-foreground">{t.search.noResultsBody}</p>
          </div>
        )}
        {result && result.hits.length > 0 && (
          <>
            <p className="mb-3 text-sm text-muted-foreground">{t.search.results(result.hits.length, q)}</p>
            {result.correctedQuery && (
              <p className="mb-3 text-sm" data-testid="spelling">
                {t.search.showingFor} <em className="font-medium not-italic">{result.correctedQuery}</em>
              </p>
            )}
            <SearchResults hits={result.hits} query={result.correctedQuery ?? q} queryLang={lang} locale={locale} otherLanguageLabel={t.search.otherLanguage} />
          </>
        )}
      </div>
    </div>
  );
}
