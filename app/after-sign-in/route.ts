import { NextResponse, type NextRequest } from 'next/server';
import { auth } from '@/lib/auth';
import { can } from '@/lib/auth/permissions';
import { isRole } from '@/lib/auth/roles';

/** Where a fresh sign-in without a destination lands: staff in the console, customers on the site. */
export async function GET(request: NextRequest) {
  const role = (await auth())?.user?.role;
  const target = isRole(role) && can(role, 'console:access') ? '/admin' : '/';
  return NextResponse.redirect(new URL(target, request.nextUrl.origin));
}
