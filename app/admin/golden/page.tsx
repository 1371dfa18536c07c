import { BookCheck, CheckCircle2, Download, Plus, SearchX, Upload } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { GoldenFilters } from '@/components/admin/golden/golden-filters';
import { GoldenList } from '@/components/admin/golden/golden-list';
import { Pagination } from '@/components/admin/golden/pagination';
import { ThresholdCard } from '@/components/admin/golden/threshold-card';
import { TryIt } from '@/components/admin/golden/try-it';
import { SuiteCheckCard } from '@/components/admin/tests/suite-check-card';
import { toJobView } from '@/lib/console/jobs/view';
import { countTests } from '@/lib/db/queries/conversation-tests';
import { listJobs } from '@/lib/db/queries/jobs';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { requirePagePermission } from '@/lib/auth/guard';
import { can } from '@/lib/auth/permissions';
import { getConfig } from '@/lib/config';
import { GOLDEN_PAGE_SIZE, listQuery, loadGoldenPage, parseGoldenListParams } from '@/lib/console/golden/list';
import { getGoldenThreshold } from '@/lib/console/golden/threshold';
import { getDatabase } from '@/lib/db';
import { setThresholdAction, tryGoldenAction } from './actions';

export const metadata: Metadata = { title: 'Golden answers' };

export default async function GoldenAnswersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePagePermission('golden:read', { from: '/admin/golden' });
  const canWrite = can(user.role, 'golden:write');
  const raw = await searchParams;
  const params = parseGoldenListParams(raw);
  const deleted = typeof raw.deleted === 'string' ? raw.deleted.slice(0, 100) : null;
  const config = getConfig();
  const { db } = await getDatabase();
  const [page, threshold] = [await loadGoldenPage(db, { params }), await getGoldenThreshold(db, { configured: config.chat.goldenMatchThreshold })];
  const filtered = Boolean(params.q || params.lang || params.tag);
  const canReadTests = can(user.role, 'tests:read');
  const testJob = canReadTests ? (await listJobs(db, { kind: 'tests', limit: 1 }))[0] : undefined;
  const testCases = canReadTests ? await countTests(db) : 0;
  const from = (params.page - 1) * GOLDEN_PAGE_SIZE + 1;

  return (
    <div className="grid max-w-7xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Golden answers</h1>
          <p className="text-muted-foreground">Expert answers the chat gives word for word when a customer&apos;s question matches closely enough.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={`/admin/golden/export${listQuery({ ...params, page: 1 })}`} download data-testid="golden-export">
              <Download aria-hidden /> Export{filtered ? ' filtered' : ''} JSONL
            </a>
          </Button>
          {canWrite && (
            <>
              <Button asChild variant="outline">
                <Link href="/admin/golden/import" data-testid="golden-import">
                  <Upload aria-hidden /> Import JSONL
                </Link>
              </Button>
              <Button asChild>
                <Link href="/admin/golden/new" data-testid="golden-new">
                  <Plus aria-hidden /> New golden answer
                </Link>
              </Button>
            </>
          )}
        </div>
      </div>

      {deleted && (
        <Alert data-testid="golden-deleted">
          <CheckCircle2 className="text-success" aria-hidden />
          <AlertDescription>
            Deleted <span className="font-mono">{deleted}</span>. Its history stays at{' '}
            <Link href={`/admin/golden/${encodeURIComponent(deleted)}`} className="text-primary underline-offset-4 hover:underline">
              its page
            </Link>
            .
          </AlertDescription>
        </Alert>
      )}

      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-label="Golden answers list" className="grid min-w-0 gap-4">
          <GoldenFilters params={params} tags={page.tags} />
          <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="golden-count">
            {page.total === 0
              ? 'No golden answers'
              : page.items.length === 0
                ? `${page.total} golden answers; this page is past the end`
                : `${from}–${from + page.items.length - 1} of ${page.total} golden answer${page.total === 1 ? '' : 's'}`}
            {filtered && ' matching the filters'}
          </p>
          {page.items.length > 0 ? (
            <GoldenList items={page.items} params={params} canWrite={canWrite} />
          ) : (
            <EmptyState filtered={filtered} pastEnd={page.total > 0} canWrite={canWrite} />
          )}
          <Pagination params={params} pages={page.pages} />
        </section>
        <aside className="grid gap-6" aria-label="Matching">
          <ThresholdCard
            threshold={{
              value: threshold.value,
              source: threshold.source,
              configured: threshold.configured,
              sourceThreshold: config.chat.goldenSourceThreshold,
              updatedAt: threshold.updatedAt?.toISOString() ?? null,
              updatedByName: threshold.updatedBy?.name ?? null,
            }}
            action={canWrite ? setThresholdAction : undefined}
          />
          <TryIt action={tryGoldenAction} defaultLang={params.lang ?? 'en'} />
          {canReadTests && <SuiteCheckCard trigger="settings" what="a threshold change" canRun={can(user.role, 'tests:write')} job={testJob ? toJobView(testJob, new Date()) : null} cases={testCases} />}
        </aside>
      </div>
    </div>
  );
}

function EmptyState({ filtered, pastEnd, canWrite }: { filtered: boolean; pastEnd: boolean; canWrite: boolean }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-12 text-center" data-testid="golden-empty">
      {filtered ? <SearchX className="mb-3 size-8 text-muted-foreground" aria-hidden /> : <BookCheck className="mb-3 size-8 text-muted-foreground" aria-hidden />}
      <p className="text-lg font-medium">{pastEnd ? 'Nothing on this page' : filtered ? 'No golden answers match' : 'No golden answers yet'}</p>
      <p className="mt-1 max-w-md text-sm text-muted-foreground">
        {pastEnd
          ? 'The list is shorter than that.'
          : filtered
            ? 'Try other words, or another language or tag.'
            : 'Golden answers let experts decide exactly what the chat says to common questions.'}
      </p>
      <div className="mt-4 flex gap-2">
        {(filtered || pastEnd) && (
          <Button asChild variant="outline">
            <Link href="/admin/golden">Show all</Link>
          </Button>
        )}
        {canWrite && !filtered && !pastEnd && (
          <Button asChild>
            <Link href="/admin/golden/new">
              <Plus aria-hidden /> New golden answer
            </Link>
          </Button>
        )}
      </div>
    </div>
  );
}
