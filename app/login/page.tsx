import { Info, LifeBuoy } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getDatabase } from '@/lib/db';
import { activeDemoHint } from '@/lib/db/demo-hint';
import { getConfig } from '@/lib/config';
import { Button } from '@/components/ui/button';
import { fill } from '@/components/chat/labels';
import { ssoSignInAction } from './actions';
import { getMessages } from '@/lib/i18n/server';
import { getSite } from '@/lib/site';
import { LoginForm } from './login-form';
import { safeCallbackUrl } from './safe-callback';

export const metadata: Metadata = { title: 'Sign in' };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  const params = await searchParams;
  const { t } = await getMessages();
  const callbackUrl = safeCallbackUrl(params.callbackUrl);
  // Only while demo accounts can sign in: with SEED_DEMO=never they are disabled, and the hint goes.
  const demo = await activeDemoHint((await getDatabase()).db);
  const oidc = getConfig().oidc;
  const error = typeof params.error === 'string' ? params.error : undefined;
  // Refusals from the identity provider's sign-in (lib/auth/index.ts), and Auth.js's own errors for it.
  const ssoMessage = error?.startsWith('sso_') ? t.login.ssoRefused : error === 'OAuthSignin' || error === 'OAuthCallback' || error === 'Configuration' || error === 'AccessDenied' ? t.login.ssoFailed : undefined;
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-6 px-4 py-10">
      <Link href="/" className="flex items-center gap-2 self-center font-semibold">
        <LifeBuoy className="size-5 text-primary" aria-hidden /> {getSite().helpCenterName}
      </Link>
      <Card>
        <CardHeader>
          <CardTitle>
            <span className="text-2xl">{t.login.title}</span>
          </CardTitle>
          <CardDescription>{t.login.subtitle}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {params.error === 'forbidden' && (
            <Alert>
              <Info aria-hidden />
              <AlertDescription>{t.login.forbidden}</AlertDescription>
            </Alert>
          )}
          {ssoMessage && (
            <Alert variant="destructive" data-testid="sso-error">
              <Info aria-hidden />
              <AlertDescription>{ssoMessage}</AlertDescription>
            </Alert>
          )}
          {oidc && (
            <>
              <form action={ssoSignInAction}>
                {callbackUrl && <input type="hidden" name="callbackUrl" value={callbackUrl} />}
                <Button type="submit" variant="outline" className="w-full" data-testid="sso-sign-in">
                  {fill(t.login.sso, { name: oidc.name })}
                </Button>
              </form>
              <p className="text-center text-xs text-muted-foreground">{t.login.ssoDivider}</p>
            </>
          )}
          <LoginForm callbackUrl={callbackUrl} labels={t.login} />
        </CardContent>
      </Card>
      {demo && (
        <section aria-labelledby="demo-title" className="rounded-lg border border-dashed p-4 text-sm">
          <h2 id="demo-title" className="font-medium">
            {t.login.demoTitle}
          </h2>
          <p className="mt-1 text-muted-foreground">
            {t.login.demoHint} <code className="rounded bg-muted px-1">{demo.password}</code>
          </p>
          <ul className="mt-2 grid gap-1">
            {demo.users.map((u) => (
              <li key={u.email} className="flex justify-between gap-2">
                <code>{u.email}</code>
                <span className="text-muted-foreground" data-role={u.role}>
                  {t.login.roles[u.role] ?? u.role}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
