import { CheckCircle2, XCircle } from 'lucide-react';
import type { Metadata } from 'next';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { requirePagePermission } from '@/lib/auth/guard';
import { ROLE_PERMISSIONS } from '@/lib/auth/permissions';
import { getSystemStatus } from '@/lib/system-status';

export const metadata: Metadata = { title: 'Console' };

export default async function AdminOverviewPage() {
  const user = await requirePagePermission('console:access', { from: '/admin' });
  const status = await getSystemStatus();
  const migrations = status.database.migrations;
  return (
    <div className="grid max-w-5xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Welcome, {user.name}</h1>
        <p className="text-muted-foreground">The support console: curate answers, review conversations, watch quality.</p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>System</CardTitle>
            <CardDescription>What this installation runs on.</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Database</dt>
              <dd className="flex items-center gap-2" data-testid="database-kind">
                {status.database.reachable ? (
                  <CheckCircle2 className="size-4 text-success" aria-label="reachable" />
                ) : (
                  <XCircle className="size-4 text-destructive" aria-label="unreachable" />
                )}
                {status.database.kind === 'pglite' ? 'Embedded PostgreSQL (PGlite)' : 'PostgreSQL'}
              </dd>
              <dt className="text-muted-foreground">Migrations</dt>
              <dd>
                {migrations ? `${migrations.applied} of ${migrations.expected} applied (${migrations.latest})` : 'unknown'}
              </dd>
              <dt className="text-muted-foreground">Model</dt>
              <dd>
                {status.model.provider === 'openai'
                  ? `OpenAI-compatible: ${status.model.chatModel}, ${status.model.embeddingModel}`
                  : 'Built-in local models'}
              </dd>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Your access</CardTitle>
            <CardDescription>
              {user.email} · <span className="capitalize">{user.role}</span>
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="flex flex-wrap gap-1.5" aria-label="Permissions">
              {ROLE_PERMISSIONS[user.role].map((p) => (
                <li key={p}>
                  <Badge variant="outline">{p}</Badge>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
