'use client';

import { CircleUser, LayoutDashboard, LogOut } from 'lucide-react';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { signOutAction } from '@/lib/auth/actions';

type Labels = { account: string; signedInAs: string; console: string; signOut: string };

export function UserMenu({
  user,
  showConsole,
  labels,
}: {
  user: { name: string; email: string; role: string };
  showConsole: boolean;
  labels: Labels;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`${labels.account}: ${user.name}`}>
          <CircleUser aria-hidden />
          <span className="hidden max-w-32 truncate sm:inline">{user.name}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="font-normal">
          <span className="block text-xs text-muted-foreground">{labels.signedInAs}</span>
          <span className="block truncate font-medium text-foreground">{user.email}</span>
          <span className="block text-xs capitalize">{user.role}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {showConsole && (
          <DropdownMenuItem asChild>
            <Link href="/admin">
              <LayoutDashboard aria-hidden className="size-4" /> {labels.console}
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => void signOutAction()}>
          <LogOut aria-hidden className="size-4" /> {labels.signOut}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
