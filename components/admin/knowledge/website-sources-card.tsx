'use client';

import { Globe, RefreshCw, Trash2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useActionState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useJob } from '@/lib/console/jobs/use-job';
import type { JobView } from '@/lib/console/jobs/view';
import type { RemoveSourceState, RescheduleSourceState, WebsiteSourceState } from '@/app/admin/knowledge/actions';
import { LocalTime } from '@/components/admin/golden/local-time';
import { IngestSummary } from './ingest-summary';
import { JobProgress } from './job-progress';
import { ScheduleOptions, WebsiteScheduleForm } from './website-schedule-form';

export type WebsiteSourceItem = {
  id: number;
  name: string;
  url: string;
  mode: 'start' | 'sitemap';
  include: string[];
  exclude: string[];
  facets: { pattern: string; product: string | null; version: string | null }[];
  audience: 'public' | 'internal';
  schedule: 'manual' | 'hourly' | 'daily' | 'weekly';
  nextRunAt: string | null;
  documents: number;
};

const SCHEDULE_LABEL: Record<WebsiteSourceItem['schedule'], string> = { manual: 'When started', hourly: 'Every hour', daily: 'Every day', weekly: 'Every week' };
const SELECT = 'h-9 rounded-md border bg-background px-2 text-sm';

/** Websites the knowledge comes from: add one, crawl it now or rebuild it, remove it; the running crawl's progress. */
export function WebsiteSourcesCard({
  sources,
  canIngest,
  initialJob,
  addAction,
  removeAction,
  rescheduleAction,
}: {
  sources: WebsiteSourceItem[];
  canIngest: boolean;
  initialJob: JobView | null;
  addAction: (previous: WebsiteSourceState, form: FormData) => Promise<WebsiteSourceState>;
  removeAction: (previous: RemoveSourceState, form: FormData) => Promise<RemoveSourceState>;
  rescheduleAction: (previous: RescheduleSourceState, form: FormData) => Promise<RescheduleSourceState>;
}) {
  const router = useRouter();
  const { job, error, starting, start, active } = useJob({ initial: initialJob, onFinished: () => router.refresh() });
  const [state, add, adding] = useActionState(addAction, { status: 'idle' });
  const [removal, remove, removing] = useActionState(removeAction, { status: 'idle' });
  const busy = starting || active;
  // After a refused submission the form shows what was sent (React resets a form after its action).
  const sent = state.status === 'error' ? state.fields : undefined;

  return (
    <Card data-testid="website-sources">
      <CardHeader>
        <CardTitle>Websites</CardTitle>
        <CardDescription>
          Help content on a website: crawled politely (robots.txt respected), its main text indexed with its headings; later crawls fetch only pages
          that changed and drop pages that are gone. Answers link to the page on the website.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sources.length === 0 ? (
          <p className="text-sm text-muted-foreground">No website is a source yet.</p>
        ) : (
          <div className="relative overflow-x-auto">
            <DataTable testId="website-sources-table" columns={['Website', 'Crawled', 'Readers', { label: 'Pages', align: 'right' }, '']}>
              {sources.map((source) => (
                <tr key={source.id} className="border-b last:border-0 align-top" data-source-id={source.id}>
                  <td className="py-2 pr-4">
                    <span className="font-medium">{source.name}</span>
                    <span className="block break-all font-mono text-xs text-muted-foreground">
                      {source.mode === 'sitemap' ? 'sitemap ' : ''}
                      {source.url}
                    </span>
                    {(source.include.length > 0 || source.exclude.length > 0) && (
                      <span className="block text-xs text-muted-foreground">
                        {source.include.length > 0 && <>only {source.include.join(', ')} </>}
                        {source.exclude.length > 0 && <>not {source.exclude.join(', ')}</>}
                      </span>
                    )}
                    {source.facets.map((rule) => (
                      <span key={rule.pattern} className="block font-mono text-xs text-muted-foreground">
                        {rule.pattern} → {[rule.product && `product ${rule.product}`, rule.version && `version ${rule.version}`].filter(Boolean).join(', ')}
                      </span>
                    ))}
                  </td>
                  <td className="py-2 pr-4 whitespace-nowrap">
                    {SCHEDULE_LABEL[source.schedule]}
                    {source.nextRunAt && (
                      <span className="block text-xs text-muted-foreground">
                        next <LocalTime iso={source.nextRunAt} />
                      </span>
                    )}
                    {canIngest && <WebsiteScheduleForm source={source} action={rescheduleAction} disabled={busy} />}
                  </td>
                  <td className="py-2 pr-4">
                    <Badge variant={source.audience === 'internal' ? 'secondary' : 'outline'}>{source.audience === 'internal' ? 'Staff only' : 'Everyone'}</Badge>
                  </td>
                  <td className="py-2 pr-4 text-right tabular-nums" data-testid="website-source-documents">
                    {source.documents}
                  </td>
                  <td className="py-2">
                    {canIngest && (
                      <div className="flex flex-wrap gap-2">
                        <Button size="sm" disabled={busy} onClick={() => void start({ kind: 'ingest', source: source.id })}>
                          <RefreshCw aria-hidden className={busy ? 'animate-spin' : undefined} />
                          Crawl now
                        </Button>
                        <Button size="sm" variant="outline" disabled={busy} onClick={() => void start({ kind: 'ingest', source: source.id, rebuild: true })}>
                          Rebuild
                        </Button>
                        <form
                          action={remove}
                          onSubmit={(event) => {
                            if (!window.confirm(`Remove "${source.name}" and its ${source.documents} pages from the index?`)) event.preventDefault();
                          }}
                        >
                          <input type="hidden" name="id" value={source.id} />
                          <Button size="sm" variant="ghost" type="submit" disabled={busy || removing} aria-label={`Remove ${source.name}`}>
                            <Trash2 aria-hidden />
                          </Button>
                        </form>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
          </div>
        )}

        {removal.status === 'error' && (
          <Alert variant="destructive" data-testid="website-remove-error">
            <AlertDescription>{removal.message}</AlertDescription>
          </Alert>
        )}
        {removal.status === 'removed' && (
          <p className="text-sm text-muted-foreground" role="status">
            Removed, with its {removal.documents} pages.
          </p>
        )}
        {error && (
          <Alert variant="destructive" data-testid="website-job-error">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
        {job && (
          <div data-testid="website-job">
            <JobProgress job={job} unit={job.progress.phase === 'embed' || job.progress.phase === 'write' ? 'passages' : 'pages'} />
            {job.status === 'succeeded' && <IngestSummary result={job.result} />}
          </div>
        )}

        {canIngest && (
          <form key={state.status === 'error' ? state.attempt : 'form'} action={add} className="grid gap-3 rounded-lg border p-3 sm:grid-cols-2">
            <p className="flex items-center gap-2 font-medium sm:col-span-2">
              <Globe aria-hidden className="size-4" /> Add a website
            </p>
            <div className="grid gap-1">
              <Label htmlFor="source-name">Name</Label>
              <Input id="source-name" name="name" required maxLength={80} placeholder="e.g. Support site" defaultValue={sent?.name} />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="source-url">Address</Label>
              <Input id="source-url" name="url" type="url" required placeholder="https://support.example.com/" defaultValue={sent?.url} />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="source-mode">The address is</Label>
              <select id="source-mode" name="mode" className={SELECT} defaultValue={sent?.mode || 'start'}>
                <option value="start">A start page (its links are followed)</option>
                <option value="sitemap">A sitemap</option>
              </select>
            </div>
            <div className="grid gap-1">
              <Label htmlFor="source-schedule">Crawl again</Label>
              <select id="source-schedule" name="schedule" className={SELECT} defaultValue={sent?.schedule || 'manual'}>
                <ScheduleOptions />
              </select>
            </div>
            <div className="grid gap-1">
              <Label htmlFor="source-include">Only these paths (one per line, optional)</Label>
              <textarea id="source-include" name="include" rows={2} className="rounded-md border bg-background px-2 py-1 font-mono text-sm" placeholder="/help/**" defaultValue={sent?.include} />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="source-exclude">Never these paths (optional)</Label>
              <textarea id="source-exclude" name="exclude" rows={2} className="rounded-md border bg-background px-2 py-1 font-mono text-sm" placeholder="/help/archive/**" defaultValue={sent?.exclude} />
            </div>
            <div className="grid gap-1 sm:col-span-2">
              <Label htmlFor="source-facets">Product and version by path (optional, one rule per line; the first that matches applies)</Label>
              <textarea
                id="source-facets"
                name="facets"
                rows={2}
                className="rounded-md border bg-background px-2 py-1 font-mono text-sm"
                placeholder="/help/box5/** product=internet version=box5"
                defaultValue={sent?.facets}
              />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="source-audience">Who may read its pages</Label>
              <select id="source-audience" name="audience" className={SELECT} defaultValue={sent?.audience || 'public'}>
                <option value="public">Everyone (customers and staff)</option>
                <option value="internal">Staff only</option>
              </select>
            </div>
            <div className="flex items-end">
              <Button type="submit" disabled={adding}>
                Add website
              </Button>
            </div>
            {state.status === 'error' && (
              <Alert variant="destructive" className="sm:col-span-2" data-testid="website-source-error">
                <AlertDescription>{state.message}</AlertDescription>
              </Alert>
            )}
            {state.status === 'saved' && (
              <p className="text-sm text-muted-foreground sm:col-span-2" role="status">
                Added “{state.name}”. Crawl it now to index its pages.
              </p>
            )}
          </form>
        )}
      </CardContent>
    </Card>
  );
}
