import { redirect } from 'next/navigation';
import { auth } from '@/lib/auth';
import { can } from '@/lib/auth/permissions';
import { isRole } from '@/lib/auth/roles';

/** Where a fresh sign-in without a destination lands: staff in the console, customers on the site. */
export default async function AfterSignIn() {
  const role = (await auth())?.user?.role;
  redirect(isRole(role) && can(role, 'console:access') ? '/admin' : '/');
}
