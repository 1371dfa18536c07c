import { LifeBuoy, LogOut } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { AdminNav, type AdminNavItem } from '@/components/admin/admin-nav';
import { ThemeToggle } from '@/components/site/theme-toggle';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { signOutAction } from '@/lib/auth/actions';
import { requirePagePermission } from '@/lib/auth/guard';
import { can, type Permission } from '@/lib/auth/permissions';
import { getSite } from '@/lib/site';

export default async function AdminLayout({ children }: { children: ReactNode }) {
  // Each page checks its own permission too: layouts are not re-run on client navigation.
  const user = await requirePagePermission('console:access', { from: '/admin' });
  // Only what the role may open (each page checks again on the server).
  const sections: (AdminNavItem & { permission: Permission })[] = [
    { href: '/admin', label: 'Overview', icon: 'overview', permission: 'console:access' },
    { href: '/admin/golden', label: 'Golden answers', icon: 'golden', permission: 'golden:read' },
    { href: '/admin/conversations', label: 'Conversations', icon: 'conversations', permission: 'conversations:read' },
    { href: '/admin/handoffs', label: 'Hand-offs', icon: 'handoffs', permission: 'handoffs:work' },
    { href: '/admin/knowledge', label: 'Knowledge', icon: 'knowledge', permission: 'knowledge:read' },
    { href: '/admin/tests', label: 'Tests', icon: 'tests', permission: 'tests:read' },
    { href: '/admin/evals', label: 'Evaluations', icon: 'evals', permission: 'evals:read' },
    { href: '/admin/insights', label: 'Insights', icon: 'insights', permission: 'insights:read' },
    { href: '/admin/users', label: 'Users', icon: 'users', permission: 'users:manage' },
    { href: '/admin/widget', label: 'Widget', icon: 'widget', permission: 'settings:write' },
    { href: '/admin/webhooks', label: 'Webhooks', icon: 'webhooks', permission: 'settings:write' },
  ];
  const nav: AdminNavItem[] = sections.filter((s) => can(user.role, s.permission)).map(({ href, label, icon }) => ({ href, label, icon }));
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b bg-card">
        <div className="flex h-14 items-center gap-3 px-4">
          <Link href="/admin" className="flex items-center gap-2 font-semibold">
            <LifeBuoy className="size-5 text-primary" aria-hidden />
            {getSite().company} console
          </Link>
          <Link href="/" className="ml-2 hidden text-sm text-muted-foreground hover:underline sm:inline">
            View help center
          </Link>
          <div className="ml-auto flex items-center gap-2">
            <span className="hidden text-sm sm:inline">{user.name}</span>
            <Badge variant="secondary" className="capitalize">
              {user.role}
            </Badge>
            <ThemeToggle labels={{ theme: 'Theme', light: 'Light', dark: 'Dark', system: 'System' }} />
            <form action={signOutAction}>
              <Button variant="ghost" size="sm" type="submit">
                <LogOut aria-hidden /> <span className="hidden sm:inline">Sign out</span>
              </Button>
            </form>
          </div>
        </div>
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        {/* On a phone the sections are one row that scrolls sideways on its own; the page does not. */}
        <aside className="relative min-w-0 overflow-x-auto border-b p-3 md:w-56 md:shrink-0 md:overflow-visible md:border-b-0 md:border-r">
          <AdminNav items={nav} />
        </aside>
        <main id="main" className="min-w-0 flex-1 p-4 md:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}
