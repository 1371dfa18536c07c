'use client';

import { AppWindow, BookCheck, ChartLine, Database, FlaskConical, Gauge, Headset, ListChecks, MessagesSquare, Users, Webhook, type LucideIcon } from 'lucide-react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/lib/ui/cn';

export type AdminNavIcon = 'overview' | 'golden' | 'conversations' | 'handoffs' | 'knowledge' | 'tests' | 'evals' | 'insights' | 'users' | 'widget' | 'webhooks';
export type AdminNavItem = { href: string; label: string; icon: AdminNavIcon };

const ICONS: Record<AdminNavIcon, LucideIcon> = {
  overview: Gauge,
  golden: BookCheck,
  conversations: MessagesSquare,
  handoffs: Headset,
  knowledge: Database,
  tests: ListChecks,
  evals: FlaskConical,
  insights: ChartLine,
  users: Users,
  widget: AppWindow,
  webhooks: Webhook,
};

export function AdminNav({ items }: { items: AdminNavItem[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Console" className="flex gap-1 md:flex-col">
      {items.map((item) => {
        const Icon = ICONS[item.icon];
        const active = item.href === '/admin' ? pathname === '/admin' : pathname.startsWith(item.href);
        return (
          <Link
            key={item.href}
            href={item.href}
            aria-current={active ? 'page' : undefined}
            className={cn(
              'flex shrink-0 items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium hover:bg-accent',
              active ? 'bg-accent text-accent-foreground' : 'text-muted-foreground',
            )}
          >
            <Icon className="size-4" aria-hidden />
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}
