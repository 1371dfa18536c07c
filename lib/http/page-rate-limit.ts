import 'server-only';
import { headers } from 'next/headers';
import { getConfig } from '@/lib/config';
import { getDatabase } from '@/lib/db';
import { clientAddress } from './client-address';
import { takeRateLimit, type LimitName, type LimitVerdict } from './rate-limits';

/**
 * The rate limit for a server-rendered page that does the same work as an API (the search page
 * runs the same search as /api/search): counted in the same budget, per client address.
 */
export async function takePageRateLimit(name: LimitName): Promise<LimitVerdict> {
  const config = getConfig();
  const address = clientAddress(await headers(), { trustedProxyHops: config.trustedProxyHops });
  const { db } = await getDatabase();
  return takeRateLimit(db, { name, subject: { address }, config });
}
