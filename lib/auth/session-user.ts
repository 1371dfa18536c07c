import 'server-only';
import { cache } from 'react';
import { getDatabase } from '@/lib/db';
import { findSessionUser, type PublicUser } from '@/lib/db/queries/users';
import { auth } from './index';

/**
 * The signed-in user, read from the database with the token's session version: a token from
 * before a sign-out or password change, or of a disabled or deleted user, is no session.
 * Cached per server render, so a page, its layout and its header cost one query.
 */
export const currentUser = cache(async (): Promise<PublicUser | undefined> => {
  const session = await auth();
  const id = session?.user?.id;
  const sessionVersion = session?.user?.sessionVersion;
  if (!id || typeof sessionVersion !== 'number') return undefined;
  const { db } = await getDatabase();
  return findSessionUser(db, { id, sessionVersion });
});
