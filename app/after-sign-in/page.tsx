import { redirect } from 'next/navigation';
import { can } from '@/lib/auth/permissions';
import { currentUser } from '@/lib/auth/session-user';

/** Where a fresh sign-in without a destination lands: staff in the console, customers on the site. */
export default async function AfterSignIn() {
  const role = (await currentUser())?.role;
  redirect(role && can(role, 'console:access') ? '/admin' : '/');
}
