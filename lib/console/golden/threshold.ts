import type { Db } from '@/lib/db/client';
import { clearSetting, getSettingRecord, setSetting } from '@/lib/db/queries/settings';

/**
 * The golden-answer match threshold, set in the console (settings key golden_match_threshold)
 * and read by the chat for every message (lib/chat/answer-deps.ts). Unset, the configured
 * GOLDEN_MATCH_THRESHOLD applies. 0 is a real value: always the best golden answer.
 */
export const GOLDEN_THRESHOLD_KEY = 'golden_match_threshold' as const;

export type GoldenThreshold = {
  value: number;
  source: 'setting' | 'config';
  /** GOLDEN_MATCH_THRESHOLD, what applies when the setting is cleared. */
  configured: number;
  updatedAt: Date | null;
  updatedBy: { id: string; name: string; email: string } | null;
};

export async function getGoldenThreshold(db: Db, { configured }: { configured: number }): Promise<GoldenThreshold> {
  const record = await getSettingRecord(db, { key: GOLDEN_THRESHOLD_KEY });
  if (!record) return { value: configured, source: 'config', configured, updatedAt: null, updatedBy: null };
  return { value: record.value, source: 'setting', configured, updatedAt: record.updatedAt, updatedBy: record.updatedBy };
}

/** "0.8", "0,75", ".5", "1" → a number between 0 and 1 with at most two decimals; else a message. */
export function parseThreshold(raw: unknown): { ok: true; value: number } | { ok: false; message: string } {
  const text = typeof raw === 'string' ? raw.trim().replace(',', '.') : typeof raw === 'number' ? String(raw) : '';
  if (!text) return { ok: false, message: 'Enter a threshold between 0.00 and 1.00.' };
  if (!/^(?:\d+(?:\.\d*)?|\.\d+)$/.test(text)) return { ok: false, message: 'The threshold is a number between 0.00 and 1.00, such as 0.80.' };
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0 || value > 1) return { ok: false, message: 'The threshold must be between 0.00 and 1.00.' };
  if (Math.abs(Math.round(value * 100) - value * 100) > 1e-9) return { ok: false, message: 'Use at most two decimals (for example 0.85).' };
  return { ok: true, value: Math.round(value * 100) / 100 };
}

export async function setGoldenThreshold(db: Db, { value, userId }: { value: unknown; userId: string | null }): Promise<{ ok: true; value: number } | { ok: false; message: string }> {
  const parsed = parseThreshold(value);
  if (!parsed.ok) return parsed;
  await setSetting(db, { key: GOLDEN_THRESHOLD_KEY, value: parsed.value, updatedBy: userId });
  return parsed;
}

/** Back to the configured default. */
export async function resetGoldenThreshold(db: Db): Promise<void> {
  await clearSetting(db, { key: GOLDEN_THRESHOLD_KEY });
}
