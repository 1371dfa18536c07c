import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../client';
import { cachedRead, dropCachedReads } from '../read-cache';
import { settings, users } from '../schema';

/**
 * Settings changed at run time in the console. Every key has a zod schema: values are checked
 * when written and again when read, so a hand-edited or outdated row reads as "unset" (and the
 * caller falls back to its configured default) instead of reaching the code with a wrong type.
 */
export const SETTING_SCHEMAS = {
  /** A chat question at least this similar to a golden question gets the golden answer verbatim. */
  golden_match_threshold: z.number().min(0).max(1),
  /** Search synonyms in the Solr format (lib/rag/synonyms.ts): the company's words for the customers'. */
  search_synonyms: z.string().max(20_000), // SYNONYMS_MAX_CHARS in lib/rag/synonyms.ts
  /** Set at start once accounts seeded before demo accounts were marked have been looked for. */
  legacy_demo_accounts_marked: z.literal(true),
} as const;

export type SettingKey = keyof typeof SETTING_SCHEMAS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTING_SCHEMAS)[K]>;

export type StoredSetting<K extends SettingKey> = {
  key: K;
  value: SettingValue<K>;
  updatedAt: Date;
  updatedBy: { id: string; name: string; email: string } | null;
};

export class InvalidSettingError extends Error {
  constructor(
    readonly key: string,
    message: string,
  ) {
    super(`Invalid value for ${key}: ${message}`);
    this.name = 'InvalidSettingError';
  }
}

/**
 * The setting's value, or null when it is unset (or its stored value no longer fits its schema).
 * Every chat message reads some: kept for a few seconds, dropped when a setting is written here.
 */
export async function getSetting<K extends SettingKey>(db: Db, { key }: { key: K }): Promise<SettingValue<K> | null> {
  const [row] = await cachedRead(db, 'settings', key, () => db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1));
  if (!row) return null;
  const parsed = SETTING_SCHEMAS[key].safeParse(row.value);
  return parsed.success ? (parsed.data as SettingValue<K>) : null;
}

/** The setting with who changed it and when (null when unset or invalid). */
export async function getSettingRecord<K extends SettingKey>(db: Db, { key }: { key: K }): Promise<StoredSetting<K> | null> {
  const [row] = await db
    .select({ value: settings.value, updatedAt: settings.updatedAt, userId: users.id, userName: users.name, userEmail: users.email })
    .from(settings)
    .leftJoin(users, eq(users.id, settings.updatedBy))
    .where(eq(settings.key, key))
    .limit(1);
  if (!row) return null;
  const parsed = SETTING_SCHEMAS[key].safeParse(row.value);
  if (!parsed.success) return null;
  return {
    key,
    value: parsed.data as SettingValue<K>,
    updatedAt: row.updatedAt,
    updatedBy: row.userId ? { id: row.userId, name: row.userName ?? '', email: row.userEmail ?? '' } : null,
  };
}

/** Writes the setting (validated against its schema), recording who changed it. */
export async function setSetting<K extends SettingKey>(
  db: Db,
  { key, value, updatedBy }: { key: K; value: SettingValue<K>; updatedBy: string | null },
): Promise<void> {
  const parsed = SETTING_SCHEMAS[key].safeParse(value);
  if (!parsed.success) throw new InvalidSettingError(key, parsed.error.issues.map((i) => i.message).join('; '));
  const now = new Date();
  await db
    .insert(settings)
    .values({ key, value: parsed.data, updatedAt: now, updatedBy })
    .onConflictDoUpdate({ target: settings.key, set: { value: parsed.data, updatedAt: now, updatedBy } });
  dropCachedReads('settings');
}

/** Removes the setting: readers fall back to their configured default. */
export async function clearSetting(db: Db, { key }: { key: SettingKey }): Promise<void> {
  await db.delete(settings).where(eq(settings.key, key));
  dropCachedReads('settings');
}
