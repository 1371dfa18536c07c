import 'server-only';
import { randomUUID } from 'node:crypto';
import { unstable_rethrow } from 'next/navigation';
import { isDatabaseUnavailable } from '@/lib/db/unavailable';
import type { PublicUser } from '@/lib/db/queries/users';
import { errorFields, log } from '@/lib/observability/logger';
import { metrics } from '@/lib/observability/metrics';
import { runInRequest } from '@/lib/observability/request-context';
import { checkAccess } from './guard';
import type { Permission } from './permissions';

export type ActionRefusal = { reason: 'unauthenticated' | 'forbidden' | 'unavailable'; message: string };

/**
 * The server actions' counterpart of lib/http/route.ts: every console action runs its body
 * through this. It checks the permission on the server, every time (a hidden button is a
 * courtesy, this is the lock), gives the action a request id for its log lines, counts it in
 * the metrics as `action:<name>`, and turns a refusal or an unreachable database into the
 * action's own form state (via `refuse`) instead of an error page. Next's redirect() and
 * notFound() pass through.
 */
export async function guardedAction<S>(
  { name, permission, refuse }: { name: string; permission: Permission; refuse: (refusal: ActionRefusal) => S },
  body: (user: PublicUser) => Promise<S>,
): Promise<S> {
  const route = `action:${name}`;
  return runInRequest({ requestId: randomUUID(), route }, async () => {
    const count = (status: number) => metrics().httpRequests.inc({ route, status: String(status) });
    let access: Awaited<ReturnType<typeof checkAccess>>;
    try {
      access = await checkAccess(permission);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      count(503);
      return refuse(UNAVAILABLE);
    }
    if (!access.ok) {
      count(access.reason === 'unauthenticated' ? 401 : 403);
      return refuse({ reason: access.reason, message: access.reason === 'unauthenticated' ? 'Sign in first.' : 'You do not have permission to do that.' });
    }
    try {
      const state = await body(access.user);
      count(200);
      return state;
    } catch (error) {
      unstable_rethrow(error);
      if (isDatabaseUnavailable(error)) {
        count(503);
        return refuse(UNAVAILABLE);
      }
      count(500);
      log().error(errorFields(error), 'server action failed');
      throw error;
    }
  });
}

const UNAVAILABLE: ActionRefusal = { reason: 'unavailable', message: 'The service is briefly unavailable. Please try again in a moment.' };
