import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { CopyButton } from '@/components/admin/widget/copy-button';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { requirePagePermission } from '@/lib/auth/guard';
import { getConfig } from '@/lib/config';
import { IDENTITY_EXAMPLE, widgetSnippet } from '@/lib/embed/snippet';
import { requestOrigin } from '@/lib/http/request-origin';

export const metadata: Metadata = { title: 'Widget' };
export const dynamic = 'force-dynamic';

/** /admin/widget — the snippet for other sites, the sites allowed to embed it, and identity verification. */
export default async function WidgetPage() {
  await requirePagePermission('settings:write', { from: '/admin/widget' });
  const sites = getConfig().widget.sites;
  const origin = requestOrigin(await headers()) ?? 'https://HELP-HOST';
  const snippet = widgetSnippet(origin);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Chat widget</h1>
        <p className="text-sm text-muted-foreground">Put the chat on your website or customer portal: one script tag, on the sites listed below.</p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Snippet</CardTitle>
          <CardDescription>
            Paste it before <code>&lt;/body&gt;</code>. <code>data-lang</code> defaults to the page&apos;s <code>&lt;html lang&gt;</code>; <code>data-position</code> is
            right or left; <code>data-open=&quot;true&quot;</code> opens the chat on load.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">
          <pre data-testid="widget-snippet" className="overflow-x-auto rounded-md bg-muted p-3 text-xs">
            {snippet}
          </pre>
          <CopyButton text={snippet} label="Copy snippet" />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Allowed sites</CardTitle>
          <CardDescription>
            Only these origins may show the chat in a frame (the browser blocks all others). Set them with <code>WIDGET_SITES</code>, e.g.{' '}
            <code>https://www.example.com https://portal.example.com=&lt;secret&gt;</code>, and restart.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {sites.length === 0 ? (
            <p data-testid="widget-no-sites" className="text-sm text-muted-foreground">
              No site may embed the chat yet.
            </p>
          ) : (
            <ul data-testid="widget-sites" className="divide-y text-sm">
              {sites.map((site) => (
                <li key={site.origin} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="break-all font-mono">{site.origin}</span>
                  {site.secret ? <Badge variant="success">Verifies customers</Badge> : <Badge variant="secondary">Anonymous visitors only</Badge>}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Verified customers</CardTitle>
          <CardDescription>
            A site with a secret can tell the chat who its signed-in customer is: its backend signs the customer number (HS256, short expiry) and passes the token to the
            widget. The chat then answers account questions as for a customer signed in here. A token that does not verify is ignored (the visitor is anonymous); an expired
            one is shown as expired. Tokens are never logged or stored.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">
          <pre className="overflow-x-auto rounded-md bg-muted p-3 text-xs">{IDENTITY_EXAMPLE}</pre>
          <CopyButton text={IDENTITY_EXAMPLE} label="Copy example" />
        </CardContent>
      </Card>
    </div>
  );
}
