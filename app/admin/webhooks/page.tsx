import type { Metadata } from 'next';
import { LocalTime } from '@/components/admin/golden/local-time';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { requirePagePermission } from '@/lib/auth/guard';
import { getConfig } from '@/lib/config';
import { getDatabase } from '@/lib/db';
import { listDeliveries } from '@/lib/db/queries/webhook-deliveries';
import { MAX_ATTEMPTS } from '@/lib/webhooks/dispatch';
import { KEEP_DAYS } from '@/lib/webhooks/worker';

export const metadata: Metadata = { title: 'Webhooks' };
export const dynamic = 'force-dynamic';

const STATUS: Record<string, 'success' | 'destructive' | 'secondary'> = { delivered: 'success', failed: 'destructive', pending: 'secondary' };

/** /admin/webhooks — where hand-off events go, and every delivery with its attempts (admins). */
export default async function WebhooksPage() {
  await requirePagePermission('settings:write', { from: '/admin/webhooks' });
  const config = getConfig();
  const webhook = config.handoffWebhook;
  const { db } = await getDatabase();
  const deliveries = await listDeliveries(db, { limit: 50 });
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Webhooks</h1>
        <p className="text-sm text-muted-foreground">Hand-offs reach your helpdesk or Slack: a signed POST when one is opened, claimed, replied to and closed.</p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Destination</CardTitle>
          <CardDescription>
            Set with <code>HANDOFF_WEBHOOK_URL</code> and <code>HANDOFF_WEBHOOK_SECRET</code>. Each request carries <code>Lantern-Event</code>, <code>Lantern-Delivery</code> and{' '}
            <code>Lantern-Signature: t=…,v1=…</code> (HMAC-SHA256 of <code>t.body</code> with the secret). Failed deliveries are retried with backoff, {MAX_ATTEMPTS} attempts in
            all; events of one hand-off arrive in order. Deliveries are kept {KEEP_DAYS} days.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2 text-sm" data-testid="webhook-destination">
          {webhook ? (
            <p>
              Sending to <span className="break-all font-mono">{new URL(webhook.url).origin}</span> (the path and secret are not shown).
            </p>
          ) : (
            <p className="text-muted-foreground">No webhook is configured: hand-offs stay in the console.</p>
          )}
          <p>
            Replies from the helpdesk:{' '}
            {config.handoffApiToken ? (
              <>
                <code>POST /api/handoffs/&lt;id&gt;/reply</code> with <code>Authorization: Bearer $HANDOFF_API_TOKEN</code> and <code>{'{ "text": "…" }'}</code>.
              </>
            ) : (
              <span className="text-muted-foreground">off (set HANDOFF_API_TOKEN to let the helpdesk answer in the chat).</span>
            )}
          </p>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Delivery log</CardTitle>
          <CardDescription>The latest 50 events, each with every attempt.</CardDescription>
        </CardHeader>
        <CardContent>
          {deliveries.length === 0 ? (
            <p className="text-sm text-muted-foreground">No deliveries yet.</p>
          ) : (
            <ul className="divide-y" data-testid="webhook-log">
              {deliveries.map((d) => (
                <li key={d.id} className="grid gap-1 py-3 text-sm" data-testid="webhook-delivery" data-type={d.type} data-status={d.status}>
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant={STATUS[d.status] ?? 'secondary'}>{d.status}</Badge>
                    <span className="font-medium">{d.type}</span>
                    <a className="text-muted-foreground underline" href={`/admin/handoffs/${d.handoffId}`}>
                      hand-off
                    </a>
                    <LocalTime iso={d.createdAt.toISOString()} className="text-xs text-muted-foreground" />
                  </div>
                  <ol className="ml-4 list-decimal text-xs text-muted-foreground">
                    {d.attemptLog.map((a) => (
                      <li key={a.id} data-testid="webhook-attempt">
                        <LocalTime iso={a.at.toISOString()} /> — {a.error ?? `HTTP ${a.statusCode}`} ({a.ms} ms)
                      </li>
                    ))}
                  </ol>
                  {d.status === 'pending' && d.attempts > 0 && (
                    <p className="text-xs text-muted-foreground">
                      Next try <LocalTime iso={d.nextAttemptAt.toISOString()} />
                    </p>
                  )}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
