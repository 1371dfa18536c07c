import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { cachedRead } from '../read-cache';
import { queryRows } from '../rows';
import { chunks, documents, type DocumentRow } from '../schema';

export type StoredDocumentRef = { id: string; path: string; slug: string; contentHash: string };

export async function listDocumentRefs(db: Db, { source }: { source: string }): Promise<StoredDocumentRef[]> {
  return db
    .select({ id: documents.id, path: documents.path, slug: documents.slug, contentHash: documents.contentHash })
    .from(documents)
    .where(eq(documents.source, source));
}

/** Ids and slugs owned by other sources, which this source's documents may not reuse. */
export async function listForeignKeys(db: Db, { source }: { source: string }): Promise<{ ids: Set<string>; slugs: Set<string> }> {
  const rows = await db.select({ id: documents.id, slug: documents.slug }).from(documents).where(ne(documents.source, source));
  return { ids: new Set(rows.map((r) => r.id)), slugs: new Set(rows.map((r) => r.slug)) };
}

export async function findDocumentBySlug(
  db: Db,
  { slug, includeInternal }: { slug: string; includeInternal: boolean },
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.slug, slug), includeInternal ? undefined : eq(documents.audience, 'public')))
    .limit(1);
  return row;
}

/** The other language versions of a document (same translation_of key). */
export async function findTranslations(
  db: Db,
  { translationOf, includeInternal }: { translationOf: string; includeInternal: boolean },
): Promise<Pick<DocumentRow, 'id' | 'slug' | 'lang' | 'title'>[]> {
  return db
    .select({ id: documents.id, slug: documents.slug, lang: documents.lang, title: documents.title })
    .from(documents)
    .where(and(eq(documents.translationOf, translationOf), includeInternal ? undefined : eq(documents.audience, 'public')));
}

/**
 * For documents in other languages: their public version in `lang` (same translation_of key), by
 * foreign id. Kept with the passage ids (only ingest changes documents; it drops both).
 */
export function findSameLanguageVersions(db: Db, { ids, lang }: { ids: string[]; lang: string }): Promise<ReadonlyMap<string, string>> {
  if (ids.length === 0) return Promise.resolve(new Map());
  return cachedRead(db, 'passages', `translations:${lang}:${[...new Set(ids)].sort().join('\n')}`, async () => {
    const rows = await queryRows<{ foreign_id: string; local_id: string }>(
      db,
      sql`select f.id as foreign_id, min(t.id) as local_id
        from documents f join documents t on t.translation_of = f.translation_of and t.lang = ${lang} and t.audience = 'public'
        where f.id in ${ids} and f.lang <> ${lang} and f.translation_of is not null
        group by f.id`,
    );
    return new Map(rows.map((r) => [r.foreign_id, r.local_id]));
  });
}

export async function countKnowledge(db: Db): Promise<{ documents: number; chunks: number }> {
  const [row] = await db
    .select({
      documents: sql<number>`(select count(*)::int from ${documents})`,
      chunks: sql<number>`(select count(*)::int from ${chunks})`,
    })
    .from(sql`(select 1) as one`);
  return row ?? { documents: 0, chunks: 0 };
}

export async function deleteDocuments(db: Db, { ids }: { ids: string[] }): Promise<void> {
  if (ids.length > 0) await db.delete(documents).where(inArray(documents.id, ids));
}

/** Documents by id, in the order asked (missing or, for customers, internal ones left out). */
export async function findDocumentsByIds(
  db: Db,
  { ids, includeInternal }: { ids: string[]; includeInternal: boolean },
): Promise<Pick<DocumentRow, 'id' | 'slug' | 'title' | 'lang' | 'version' | 'audience'>[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: documents.id, slug: documents.slug, title: documents.title, lang: documents.lang, version: documents.version, audience: documents.audience })
    .from(documents)
    .where(and(inArray(documents.id, ids), includeInternal ? undefined : eq(documents.audience, 'public')));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
