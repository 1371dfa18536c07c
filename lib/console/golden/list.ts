import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { findSourceDocuments, listGoldenTags, searchGoldenAnswers, type GoldenFilter, type GoldenListItem } from '@/lib/db/queries/golden-answers';
import { articleUrl } from '@/lib/rag/sources';
import { GOLDEN_LANGS } from './schema';

export const GOLDEN_PAGE_SIZE = 25;

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);

/** The list's URL parameters (?q=&lang=&tag=&page=); anything malformed is ignored, not an error page. */
export const goldenListParamsSchema = z.object({
  q: z.preprocess(one, z.string().trim().max(200).catch('')).default(''),
  lang: z.preprocess(one, z.enum(GOLDEN_LANGS).optional().catch(undefined)),
  tag: z.preprocess(one, z.string().trim().min(1).max(40).optional().catch(undefined)),
  page: z.preprocess(one, z.coerce.number().int().min(1).max(100_000).catch(1)).default(1),
});
export type GoldenListParams = z.infer<typeof goldenListParamsSchema>;

export function parseGoldenListParams(raw: Record<string, string | string[] | undefined> | URLSearchParams): GoldenListParams {
  const record = raw instanceof URLSearchParams ? Object.fromEntries(raw) : raw;
  return goldenListParamsSchema.parse(record);
}

export function filterOf(params: Pick<GoldenListParams, 'q' | 'lang' | 'tag'>): GoldenFilter {
  return { q: params.q || undefined, lang: params.lang, tag: params.tag };
}

/** The query string for these parameters (defaults left out), e.g. for pagination links and the export. */
export function listQuery(params: Partial<GoldenListParams>): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.lang) search.set('lang', params.lang);
  if (params.tag) search.set('tag', params.tag);
  if (params.page && params.page > 1) search.set('page', String(params.page));
  const s = search.toString();
  return s ? `?${s}` : '';
}

/** A source id as a link to its article, or marked broken when no document has it. */
export type SourceLink = { id: string; broken: false; title: string; url: string; internal: boolean } | { id: string; broken: true };

export async function resolveSourceLinks(db: Db, { ids }: { ids: string[] }): Promise<Map<string, SourceLink>> {
  const found = await findSourceDocuments(db, { ids });
  return new Map(
    [...new Set(ids)].map((id) => {
      const doc = found.get(id);
      const link: SourceLink = doc ? { id, broken: false, title: doc.title, url: articleUrl(doc.slug, null), internal: doc.audience === 'internal' } : { id, broken: true };
      return [id, link];
    }),
  );
}

export type GoldenPage = {
  params: GoldenListParams;
  items: (GoldenListItem & { sources: SourceLink[] })[];
  total: number;
  pages: number;
  tags: string[];
};

/** One page of the list, with each answer's backing articles resolved. */
export async function loadGoldenPage(db: Db, { params }: { params: GoldenListParams }): Promise<GoldenPage> {
  const { items, total } = await searchGoldenAnswers(db, { filter: filterOf(params), limit: GOLDEN_PAGE_SIZE, offset: (params.page - 1) * GOLDEN_PAGE_SIZE });
  const links = await resolveSourceLinks(db, { ids: items.flatMap((i) => i.sourceIds) });
  const tags = await listGoldenTags(db);
  return {
    params,
    items: items.map((item) => ({ ...item, sources: item.sourceIds.map((id) => links.get(id)!) })),
    total,
    pages: Math.max(1, Math.ceil(total / GOLDEN_PAGE_SIZE)),
    tags,
  };
}
