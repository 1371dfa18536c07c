import type { CatalogPlan } from '@/lib/actions/intents';
import type { Db } from '@/lib/db/client';
import { plans } from '@/lib/db/schema';

/** The plan catalog as the intent recogniser reads it (ids and names). */
export async function loadPlanCatalog(db: Db): Promise<CatalogPlan[]> {
  return db.select({ id: plans.id, name: plans.name, kind: plans.kind }).from(plans);
}
