import type { Db } from '@/lib/db/client';

/**
 * What every tool runs with. The customer comes from the session (resolveCustomer), never from
 * the model: no tool input names a customer.
 */
export type ToolContext = { db: Db; customerId: string; userId: string; now: Date };
