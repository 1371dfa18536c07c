import { desc, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { goldenAnswerVersions, users } from '../schema';
import type { Fact } from '@/lib/domain/facts';

export type GoldenVersionAction = 'create' | 'update' | 'delete' | 'import';

/** A golden answer as stored in a version row (and in JSONL files): the content/golden format. */
export type GoldenSnapshot = { id: string; lang: string; question: string; answer: string; source_ids: string[]; tags: string[]; facts?: Fact[] };

export type GoldenVersion = {
  id: number;
  goldenId: string;
  action: GoldenVersionAction;
  before: GoldenSnapshot | null;
  after: GoldenSnapshot | null;
  changedAt: Date;
  changedBy: { id: string; name: string; email: string } | null;
};

/** Appends one entry to a golden answer's history (call it in the transaction that changes the answer). */
export async function insertGoldenAnswerVersion(
  db: Db,
  { goldenId, action, before, after, changedBy }: { goldenId: string; action: GoldenVersionAction; before: GoldenSnapshot | null; after: GoldenSnapshot | null; changedBy: string | null },
): Promise<void> {
  await db.insert(goldenAnswerVersions).values({ goldenId, action, before, after, changedBy });
}

/** A golden answer's history, newest first (it outlives the answer: deletions are listed too). */
export async function listGoldenAnswerVersions(db: Db, { goldenId, limit = 100 }: { goldenId: string; limit?: number }): Promise<GoldenVersion[]> {
  const rows = await db
    .select({
      id: goldenAnswerVersions.id,
      goldenId: goldenAnswerVersions.goldenId,
      action: goldenAnswerVersions.action,
      before: goldenAnswerVersions.before,
      after: goldenAnswerVersions.after,
      changedAt: goldenAnswerVersions.changedAt,
      userId: users.id,
      userName: users.name,
      userEmail: users.email,
    })
    .from(goldenAnswerVersions)
    .leftJoin(users, eq(users.id, goldenAnswerVersions.changedBy))
    .where(eq(goldenAnswerVersions.goldenId, goldenId))
    .orderBy(desc(goldenAnswerVersions.changedAt), desc(goldenAnswerVersions.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    goldenId: r.goldenId,
    action: r.action,
    before: (r.before as GoldenSnapshot | null) ?? null,
    after: (r.after as GoldenSnapshot | null) ?? null,
    changedAt: r.changedAt,
    changedBy: r.userId ? { id: r.userId, name: r.userName ?? '', email: r.userEmail ?? '' } : null,
  }));
}
