import type { Metadata } from 'next';
import Link from 'next/link';
import { SetPasswordForm } from '@/components/admin/users/set-password-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PASSWORD_MIN, findLink } from '@/lib/console/users/service';
import { getDatabase } from '@/lib/db';
import { setPasswordAction } from './actions';

export const metadata: Metadata = { title: 'Set your password', robots: { index: false, follow: false } };
export const dynamic = 'force-dynamic';

/** /set-password/<token> — where an invitation or a reset link leads (staff; the console is in English). */
export default async function SetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { db } = await getDatabase();
  const link = await findLink(db, token);
  return (
    <main className="mx-auto flex min-h-dvh max-w-md items-center px-4">
      <Card className="w-full">
        <CardHeader>
          <CardTitle>{link ? (link.purpose === 'invite' ? `Welcome, ${link.name}` : 'Choose a new password') : 'This link does not work'}</CardTitle>
          <CardDescription>
            {link ? `Set the password for ${link.email}.` : 'It has expired or was already used. Ask an admin for a new one.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {link ? (
            <SetPasswordForm action={setPasswordAction.bind(null, token)} minLength={PASSWORD_MIN} />
          ) : (
            <Link href="/login" className="text-sm underline">
              Go to sign-in
            </Link>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
