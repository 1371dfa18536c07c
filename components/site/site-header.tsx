import { LifeBuoy } from 'lucide-react';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { can } from '@/lib/auth/permissions';
import { currentUser } from '@/lib/auth/session-user';
import { getMessages } from '@/lib/i18n/server';
import { getSite } from '@/lib/site';
import { LanguageSwitcher } from './language-switcher';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

export async function SiteHeader() {
  // The database's view of the session: one ended by sign-out elsewhere shows as signed out.
  const [{ locale, t }, user] = await Promise.all([getMessages(), currentUser()]);
  const site = getSite();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4">
        <Link href="/" className="mr-auto flex min-w-0 items-center gap-2 font-semibold tracking-tight">
          <LifeBuoy className="size-5 shrink-0 text-primary" aria-hidden />
          <span className="truncate">{site.helpCenterName}</span>
        </Link>
        <LanguageSwitcher locale={locale} label={t.site.language} />
        <ThemeToggle
          labels={{ theme: t.site.theme, light: t.site.themeLight, dark: t.site.themeDark, system: t.site.themeSystem }}
        />
        {user ? (
          <UserMenu
            user={user}
            showConsole={can(user.role, 'console:access')}
            labels={{ account: t.site.account, signedInAs: t.site.signedInAs, console: t.site.console, signOut: t.site.signOut }}
          />
        ) : (
          <Button asChild size="sm" variant="outline">
            <Link href="/login">{t.site.signIn}</Link>
          </Button>
        )}
      </div>
    </header>
  );
}
