import type { CatalogPlan } from '@/lib/actions/intents';
import type { Db } from '@/lib/db/client';
import { cachedRead } from '@/lib/db/read-cache';
import { plans } from '@/lib/db/schema';

/**
 * The plan catalog as the intent recogniser reads it (ids and names). Every chat message reads
 * it: kept a few seconds (lib/db/read-cache.ts; shared by the messages, so never changed by them);
 * only seeding the customer system writes plans.
 */
export async function loadPlanCatalog(db: Db): Promise<CatalogPlan[]> {
  return cachedRead(db, 'plans', 'catalog', () => db.select({ id: plans.id, name: plans.name, kind: plans.kind }).from(plans));
}
