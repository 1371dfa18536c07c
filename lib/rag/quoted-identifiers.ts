import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { articleGroup, threadArticle } from './thread-article';
import type { DocumentTitle } from './title-match';

/**
 * What a customer quotes that names one thing exactly: a version or an address with two dots or
 * more ("5.4.1", "192.168.0.1"), or a code of letters and digits ("E305", "WPA2"). A number
 * alone ("30", "2.4") or a number with a unit or an ordinal ("10GB", "24h", "1st") names nothing
 * in particular. Lower-cased, as the text search indexes them.
 */
export function quotedIdentifiers(text: string): string[] {
  const found = new Set<string>();
  for (const token of text.normalize('NFC').toLowerCase().match(/[\p{L}\p{N}]+(?:\.[\p{L}\p{N}]+)*/gu) ?? []) {
    if (/^\p{N}+(?:\.\p{N}+){2,}$/u.test(token)) found.add(token);
    else if (!token.includes('.') && token.length >= 3 && /\p{L}/u.test(token) && /\p{N}/u.test(token) && !/^\p{N}+\p{L}{1,3}$/u.test(token)) found.add(token);
  }
  return [...found];
}

/** The public articles whose passages state an identifier (the `simple` text column keeps it whole). */
async function articlesStating(db: Db, identifier: string): Promise<string[]> {
  const rows = await queryRows<{ document_id: string }>(
    db,
    sql`select distinct document_id from chunks where audience = 'public' and tsv_simple @@ plainto_tsquery('simple', ${identifier})`,
  );
  return rows.map((r) => r.document_id);
}

/**
 * The article a follow-up is about when it quotes what the article the dialog followed does not
 * state: "Checked and it says 5.4.1. Can I get the newer one right now?" after the Wi-Fi
 * troubleshooting article (which names only 5.4.2) is about the firmware article, the one that
 * lists 5.4.1. Only when exactly one article (with its translations, in the answer's version)
 * states the identifier; that article in the customer's language. Undefined: the thread stays.
 */
export async function articleStatingQuoted(
  db: Db,
  titles: DocumentTitle[],
  { question, followed, version, lang }: { question: string; followed: string; version: string | undefined; lang: string },
): Promise<string | undefined> {
  const identifiers = quotedIdentifiers(question);
  if (identifiers.length === 0) return undefined;
  const byId = new Map(titles.map((t) => [t.id, t]));
  const followedDoc = byId.get(followed);
  if (!followedDoc) return undefined;
  const followedGroup = articleGroup(followedDoc);
  for (const identifier of identifiers) {
    const stating = (await articlesStating(db, identifier)).flatMap((id) => byId.get(id) ?? []);
    if (stating.some((doc) => articleGroup(doc) === followedGroup)) continue;
    const inVersion = stating.filter((doc) => !doc.version || !version || doc.version === version);
    const groups = new Set(inVersion.map(articleGroup));
    if (groups.size !== 1) continue;
    return threadArticle(titles, { article: inVersion[0]!.id, version, lang });
  }
  return undefined;
}
