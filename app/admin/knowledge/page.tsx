import type { Metadata } from 'next';
import path from 'node:path';
import { formatDuration } from '@/components/admin/charts/format';
import { IngestPanel } from '@/components/admin/knowledge/ingest-panel';
import { ErrorList, StatsLine, statsOf } from '@/components/admin/knowledge/ingest-summary';
import { JobStatusBadge } from '@/components/admin/knowledge/job-progress';
import { DataTable } from '@/components/ui/data-table';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { requirePagePermission } from '@/lib/auth/guard';
import { can } from '@/lib/auth/permissions';
import { getConfig } from '@/lib/config';
import { durationLabel, isActive, toJobView } from '@/lib/console/jobs/view';
import { listIngestRuns, listSources, userNames } from '@/lib/console/knowledge/sources';
import { getSearchSynonyms, SYNONYMS_MAX_CHARS } from '@/lib/console/knowledge/synonyms';
import { SynonymsCard } from '@/components/admin/knowledge/synonyms-card';
import { SuiteCheckCard } from '@/components/admin/tests/suite-check-card';
import { countTests } from '@/lib/db/queries/conversation-tests';
import { addWebsiteSourceAction, removeWebsiteSourceAction, rescheduleWebsiteSourceAction, saveSynonymsAction } from './actions';
import { WebsiteSourcesCard } from '@/components/admin/knowledge/website-sources-card';
import { listWebsiteSources, sourceKey } from '@/lib/console/knowledge/website-sources';
import { getDatabase } from '@/lib/db';
import { listJobs } from '@/lib/db/queries/jobs';
import { LocalTime } from '@/components/admin/golden/local-time';

export const metadata: Metadata = { title: 'Knowledge' };
export const dynamic = 'force-dynamic';

const RUN_STATUS: Record<string, 'success' | 'destructive' | 'secondary'> = { succeeded: 'success', failed: 'destructive', interrupted: 'destructive', running: 'secondary' };

export default async function KnowledgePage() {
  const user = await requirePagePermission('knowledge:read', { from: '/admin/knowledge' });
  const config = getConfig();
  const { db } = await getDatabase();
  const sources = await listSources(db);
  const runs = await listIngestRuns(db, { limit: 15 });
  const jobs = await listJobs(db, { kind: 'ingest', limit: 15 });
  const names = await userNames(db, jobs.map((j) => j.createdBy));
  const now = new Date();
  const views = jobs.map((j) => toJobView(j, now));
  // The folder's jobs and the websites' crawls each show in their own card.
  const isWebsiteJob = (job: (typeof views)[number]) => typeof job.params.websiteSourceId === 'number';
  const folderJobs = views.filter((j) => !isWebsiteJob(j));
  const current = folderJobs.find(isActive) ?? folderJobs[0] ?? null;
  const websiteJobs = views.filter(isWebsiteJob);
  const currentCrawl = websiteJobs.find(isActive) ?? websiteJobs[0] ?? null;
  const websites = await listWebsiteSources(db);
  const websiteNames = new Map(websites.map((w) => [w.id, w.name]));
  const websiteNameOf = (source: string) => websites.find((w) => sourceKey(w.id) === source)?.name;
  const canIngest = can(user.role, 'knowledge:ingest');
  const synonyms = await getSearchSynonyms(db);
  const contentDir = path.relative(process.cwd(), config.content.dir) || '.';
  const canReadTests = can(user.role, 'tests:read');
  const testJob = canReadTests ? (await listJobs(db, { kind: 'tests', limit: 1 }))[0] : undefined;
  const testCases = canReadTests ? await countTests(db) : 0;

  return (
    <div className="grid max-w-6xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Knowledge</h1>
        <p className="text-muted-foreground">
          What the assistant can cite: the indexed help center, and its ingest runs. Content folder: <code className="font-mono text-sm">{contentDir}</code>
        </p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Re-ingest</CardTitle>
          <CardDescription>
            Brings the index in sync with the content folder: new and changed files are parsed, chunked and embedded, removed ones are dropped,
            all in one transaction.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <IngestPanel canIngest={canIngest} initialJob={current} />
          {!canIngest && <p className="text-sm text-muted-foreground">Your role can view the knowledge base but not re-ingest it.</p>}
        </CardContent>
      </Card>

      <WebsiteSourcesCard
        sources={websites.map((w) => ({
          id: w.id,
          name: w.name,
          url: w.startUrl ?? w.sitemapUrl ?? '',
          mode: w.startUrl ? 'start' : 'sitemap',
          include: w.include,
          exclude: w.exclude,
          facets: w.facetRules,
          audience: w.audience,
          schedule: w.schedule,
          nextRunAt: w.nextRunAt?.toISOString() ?? null,
          documents: w.documents,
        }))}
        canIngest={canIngest}
        initialJob={currentCrawl}
        addAction={addWebsiteSourceAction}
        removeAction={removeWebsiteSourceAction}
        rescheduleAction={rescheduleWebsiteSourceAction}
      />

      {canReadTests && (
        <SuiteCheckCard trigger="ingest" what="a re-ingest" canRun={can(user.role, 'tests:write')} job={testJob ? toJobView(testJob, now) : null} cases={testCases} />
      )}

      <SynonymsCard
        view={{
          text: synonyms.text,
          rules: synonyms.rules,
          origin: synonyms.origin,
          updatedAt: synonyms.updatedAt?.toISOString() ?? null,
          updatedByName: synonyms.updatedBy?.name ?? null,
          maxChars: SYNONYMS_MAX_CHARS,
        }}
        action={canIngest ? saveSynonymsAction : undefined}
      />

      <Card>
        <CardHeader>
          <CardTitle>Sources</CardTitle>
          <CardDescription>Documents and passages in the index, by source.</CardDescription>
        </CardHeader>
        <CardContent className="relative overflow-x-auto">
          {sources.length === 0 ? (
            <p className="text-sm text-muted-foreground">The index is empty.</p>
          ) : (
            <DataTable testId="sources-table" columns={['Source', { label: 'Documents', align: 'right' }, { label: 'Passages', align: 'right' }, 'Languages', 'Last ingest']}>
              {sources.map((s) => (
                <tr key={s.source} className="border-b last:border-0 align-top">
                  <td className="py-2 pr-4 font-mono">{websiteNameOf(s.source) ?? s.source}</td>
                  <td className="py-2 pr-4 text-right tabular-nums" data-testid="source-documents">
                    {s.documents}
                    {s.internal > 0 && <span className="block text-xs text-muted-foreground">{s.internal} internal</span>}
                  </td>
                  <td className="py-2 pr-4 text-right tabular-nums">{s.chunks}</td>
                  <td className="py-2 pr-4">
                    <ul className="flex flex-wrap gap-1">
                      {s.languages.map((l) => (
                        <li key={l.lang}>
                          <Badge variant="outline">
                            {l.lang} · {l.documents}
                          </Badge>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className="py-2">
                    {s.lastRun ? (
                      <div className="grid gap-0.5">
                        <span>
                          <Badge variant={RUN_STATUS[s.lastRun.status] ?? 'secondary'}>{s.lastRun.status}</Badge> <LocalTime iso={s.lastRun.startedAt.toISOString()} />
                        </span>
                        <span className="text-xs text-muted-foreground">
                          <StatsLine stats={s.lastRun.stats} />
                        </span>
                      </div>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Re-ingest jobs</CardTitle>
          <CardDescription>Started from this console, newest first.</CardDescription>
        </CardHeader>
        <CardContent className="relative overflow-x-auto">
          {views.length === 0 ? (
            <p className="text-sm text-muted-foreground">No re-ingest has been started from the console yet.</p>
          ) : (
            <DataTable testId="ingest-jobs" columns={['Started', 'What', 'By', 'Status', 'Duration', 'Result', 'Problems']}>
              {views.map((job) => {
                const { stats, errors } = statsOf(job.result);
                return (
                  <tr key={job.id} className="border-b last:border-0 align-top" data-job-id={job.id}>
                    <td className="py-2 pr-4 whitespace-nowrap"><LocalTime iso={job.createdAt} /></td>
                    <td className="py-2 pr-4">{jobScope(job.params, websiteNames)}</td>
                    <td className="py-2 pr-4">{(job.createdBy && names.get(job.createdBy)) ?? (isWebsiteJob(job) ? 'Schedule' : '—')}</td>
                    <td className="py-2 pr-4">
                      <JobStatusBadge status={job.status} />
                    </td>
                    <td className="py-2 pr-4 whitespace-nowrap">{durationLabel(job)}</td>
                    <td className="py-2 pr-4">{job.error ? <span className="text-destructive">{job.error}</span> : <StatsLine stats={stats} />}</td>
                    <td className="py-2">
                      <ErrorList errors={errors} />
                    </td>
                  </tr>
                );
              })}
            </DataTable>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Ingest runs</CardTitle>
          <CardDescription>Every run, whoever started it: the start-up sync, npm run ingest and the console.</CardDescription>
        </CardHeader>
        <CardContent className="relative overflow-x-auto">
          {runs.length === 0 ? (
            <p className="text-sm text-muted-foreground">No ingest has run yet.</p>
          ) : (
            <DataTable testId="ingest-runs" columns={['Run', 'Source', 'Started', 'Status', 'Duration', 'Result', 'Problems']}>
              {runs.map((run) => (
                <tr key={run.id} className="border-b last:border-0 align-top">
                  <td className="py-2 pr-4 tabular-nums">#{run.id}</td>
                  <td className="py-2 pr-4 font-mono">{websiteNameOf(run.source) ?? run.source}</td>
                  <td className="py-2 pr-4 whitespace-nowrap"><LocalTime iso={run.startedAt.toISOString()} /></td>
                  <td className="py-2 pr-4">
                    <Badge variant={RUN_STATUS[run.status] ?? 'secondary'}>{run.status}</Badge>
                  </td>
                  <td className="py-2 pr-4 whitespace-nowrap">{formatDuration(run.durationMs)}</td>
                  <td className="py-2 pr-4">
                    <StatsLine stats={run.stats} />
                  </td>
                  <td className="py-2">
                    <ErrorList errors={run.errors} />
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** What an ingest job covered: the content folder (or a path in it), or a website (rebuilt or not). */
function jobScope(params: Record<string, unknown>, websites: Map<number, string>): string {
  if (typeof params.websiteSourceId === 'number') {
    const name = websites.get(params.websiteSourceId) ?? `website #${params.websiteSourceId} (removed)`;
    return params.rebuild === true ? `${name} (rebuild)` : name;
  }
  return typeof params.path === 'string' ? `Folder: ${params.path}` : 'Content folder';
}
