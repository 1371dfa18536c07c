import { getCustomerProfile, resolveCustomer, type CustomerProfile } from '@/lib/actions/repository';
import type { Db } from '@/lib/db/client';
import { mentionedVersion } from '@/lib/rag/versions';

/**
 * The signed-in customer's profile for one turn (lib/actions/repository/profile.ts), read through
 * the repository from the session's user — never from the customer's words. Read again each
 * turn rather than kept: a plan change or a restart in this very conversation changes it, and
 * the reads are a few indexed rows. Staff and anonymous visitors have none.
 */
export type { CustomerProfile } from '@/lib/actions/repository';

/** The profile fields an answer was shaped by, as the trace records them. */
export type ProfileField = 'devices' | 'language' | 'outages' | 'restricted';
export type ProfileUse = { fields: ProfileField[]; version?: string; language?: string };

export async function loadCustomerProfile(db: Db, { userId, now }: { userId: string; now: Date }): Promise<CustomerProfile | null> {
  const customer = await resolveCustomer(db, { userId });
  if (!customer.ok) return null;
  const profile = await getCustomerProfile(db, { customerId: customer.value.customerId, now });
  return profile.ok ? profile.value : null;
}

/**
 * The product version (as the corpus names them: box3, box5) of the customer's equipment, when
 * all of it is one version; null when they have none, or several ("which one?" stays a question).
 */
export function customerVersion(profile: CustomerProfile | null | undefined, versions: string[]): string | null {
  if (!profile) return null;
  const owned = new Set(profile.devices.map((d) => mentionedVersion(d.model, versions)));
  if (owned.size !== 1) return null;
  return [...owned][0] ?? null;
}
