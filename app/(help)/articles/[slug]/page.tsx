import { ArrowLeft, Lock } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Markdown } from '@/components/article/markdown';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { checkAccess } from '@/lib/auth/guard';
import { getDatabase } from '@/lib/db';
import { findDocumentBySlug, findTranslations } from '@/lib/db/queries/documents';
import { isLocale, LOCALE_NAMES } from '@/lib/i18n/locales';
import { getMessages } from '@/lib/i18n/server';

type Props = { params: Promise<{ slug: string }> };

const SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/;

/**
 * Staff with knowledge:read may open internal articles; everyone else sees public ones only.
 * The role is the database's (checkAccess), not the token's: a demoted user loses access at once.
 */
async function loadArticle(slug: string) {
  if (!SLUG.test(slug)) return undefined;
  const includeInternal = (await checkAccess('knowledge:read')).ok;
  const { db } = await getDatabase();
  const article = await findDocumentBySlug(db, { slug, includeInternal });
  if (!article) return undefined;
  const translations = article.translationOf
    ? (await findTranslations(db, { translationOf: article.translationOf, includeInternal })).filter((t) => t.id !== article.id)
    : [];
  return { article, translations };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const loaded = await loadArticle((await params).slug);
  return { title: loaded?.article.title ?? 'Article not found' };
}

export default async function ArticlePage({ params }: Props) {
  const loaded = await loadArticle((await params).slug);
  if (!loaded) notFound();
  const { article, translations } = loaded;
  const { t } = await getMessages();
  return (
    <article className="mx-auto max-w-3xl px-4 py-8" lang={article.lang}>
      <Link href="/search" className="mb-6 inline-flex items-center gap-1 text-sm text-muted-foreground hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> {t.article.backToSearch}
      </Link>
      {article.audience === 'internal' && (
        <Alert className="mb-6">
          <Lock aria-hidden />
          <AlertDescription>{t.article.internal}</AlertDescription>
        </Alert>
      )}
      <h1 className="text-3xl font-bold tracking-tight">{article.title}</h1>
      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        {article.product && <Badge variant="secondary" className="capitalize">{article.product}</Badge>}
        {article.version && <Badge variant="outline">{article.version}</Badge>}
        {article.updated && (
          <span>
            {t.article.updated} <time dateTime={article.updated}>{article.updated}</time>
          </span>
        )}
      </div>
      {translations.length > 0 && (
        <nav aria-label={t.article.alsoIn} className="mt-3 text-sm">
          <span className="text-muted-foreground">{t.article.alsoIn}: </span>
          {translations.map((tr, i) => (
            <span key={tr.id}>
              {i > 0 && ' · '}
              <Link href={`/articles/${tr.slug}`} hrefLang={tr.lang} lang={tr.lang} className="text-primary hover:underline">
                {isLocale(tr.lang) ? LOCALE_NAMES[tr.lang] : tr.lang}
              </Link>
            </span>
          ))}
        </nav>
      )}
      <div className="mt-8">
        <Markdown>{article.body}</Markdown>
      </div>
    </article>
  );
}
