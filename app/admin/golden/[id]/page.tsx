import { ArrowLeft, CheckCircle2, Info } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { DeleteGolden } from '@/components/admin/golden/delete-golden';
import { GoldenForm } from '@/components/admin/golden/golden-form';
import { GoldenHistory } from '@/components/admin/golden/golden-history';
import { LocalTime } from '@/components/admin/golden/local-time';
import { SourceLinks } from '@/components/admin/golden/source-links';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { requirePagePermission } from '@/lib/auth/guard';
import { can } from '@/lib/auth/permissions';
import { resolveSourceLinks } from '@/lib/console/golden/list';
import { GOLDEN_LANG_NAMES, isGoldenLang } from '@/lib/console/golden/schema';
import { getDatabase } from '@/lib/db';
import { listGoldenAnswerVersions } from '@/lib/db/queries/golden-answer-versions';
import { findGoldenAnswer } from '@/lib/db/queries/golden-answers';
import { findUserById } from '@/lib/db/queries/users';
import { formatFact } from '@/lib/domain/facts';
import { AffectedTests } from '@/components/admin/tests/affected-tests';
import { getConfig } from '@/lib/config';
import { toJobView } from '@/lib/console/jobs/view';
import { testsAffectedByGolden } from '@/lib/conversation-tests/affected';
import { listJobs } from '@/lib/db/queries/jobs';
import { deleteGoldenAction, updateGoldenAction } from '../actions';

/** Ids are slugs, so this only matters for hand-typed URLs (a lone % must not be a 500). */
function decodeId(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: `Golden answer ${decodeId(id).slice(0, 100)}` };
}

const SAVED: Record<string, string> = {
  created: 'Created. The chat uses it from the next message on.',
  updated: 'Saved. The chat uses the new version from the next message on.',
  unchanged: 'Nothing to save: the answer was already like this.',
};

export default async function GoldenAnswerPage({ params, searchParams }: Props) {
  const id = decodeId((await params).id);
  const user = await requirePagePermission('golden:read', { from: `/admin/golden/${encodeURIComponent(id)}` });
  const canWrite = can(user.role, 'golden:write');
  const saved = (await searchParams).saved;
  const { db } = await getDatabase();
  const golden = id.length <= 200 ? await findGoldenAnswer(db, { id }) : undefined;
  const versions = id.length <= 200 ? await listGoldenAnswerVersions(db, { goldenId: id }) : [];
  if (!golden && versions.length === 0) notFound();

  const back = (
    <Link href="/admin/golden" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:underline">
      <ArrowLeft className="size-4" aria-hidden /> Golden answers
    </Link>
  );

  if (!golden) {
    const last = versions[0]!;
    return (
      <div className="grid max-w-3xl gap-6">
        <div>
          {back}
          <h1 className="mt-2 text-2xl font-bold tracking-tight">{last.before?.question ?? id}</h1>
          <p className="font-mono text-sm text-muted-foreground">{id}</p>
        </div>
        <Alert data-testid="golden-gone">
          <Info aria-hidden />
          <AlertDescription>This golden answer was deleted; the chat no longer uses it. Its history is below.</AlertDescription>
        </Alert>
        <GoldenHistory versions={versions} />
      </div>
    );
  }

  const sources = [...(await resolveSourceLinks(db, { ids: golden.sourceIds })).values()];
  const editor = golden.updatedBy ? await findUserById(db, { id: golden.updatedBy }) : undefined;
  const lang = isGoldenLang(golden.lang) ? golden.lang : 'en';
  const notice = typeof saved === 'string' ? SAVED[saved] : undefined;
  const canReadTests = can(user.role, 'tests:read');
  // The question now and as the last edits left it: a case may gain or lose this answer.
  const questions = [golden.question, ...versions.slice(0, 3).flatMap((v) => [v.before?.question, v.after?.question].filter((q): q is string => typeof q === 'string'))];
  const affected = canReadTests ? await testsAffectedByGolden(db, { questions, lang: golden.lang, floor: getConfig().chat.goldenSourceThreshold }) : [];
  const testJob = canReadTests ? (await listJobs(db, { kind: 'tests', limit: 1 }))[0] : undefined;

  return (
    <div className="grid max-w-5xl gap-6">
      <div>
        {back}
        <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight" data-testid="golden-title">
              {golden.question}
            </h1>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <span className="font-mono">{golden.id}</span>
              <Badge variant="outline">{GOLDEN_LANG_NAMES[lang]}</Badge>
              <span>
                Last changed {editor ? `by ${editor.name}, ` : ''}
                <LocalTime iso={golden.updatedAt.toISOString()} />
              </span>
            </p>
          </div>
          {canWrite && <DeleteGolden id={golden.id} question={golden.question} action={deleteGoldenAction} />}
        </div>
      </div>

      {notice && (
        <Alert data-testid="golden-saved" aria-live="polite">
          <CheckCircle2 className="text-success" aria-hidden />
          <AlertDescription>{notice}</AlertDescription>
        </Alert>
      )}

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <Card>
          <CardHeader>
            <CardTitle>{canWrite ? 'Edit' : 'Answer'}</CardTitle>
            {!canWrite && <CardDescription>Read only: your role can look but not change golden answers.</CardDescription>}
          </CardHeader>
          <CardContent>
            {canWrite ? (
              <GoldenForm
                key={golden.updatedAt.toISOString()}
                mode="edit"
                action={updateGoldenAction}
                cancelHref="/admin/golden"
                initial={{
                  id: golden.id,
                  lang,
                  question: golden.question,
                  answer: golden.answer,
                  sourceIds: golden.sourceIds,
                  tags: golden.tags,
                  facts: golden.facts,
                  updatedAt: golden.updatedAt.toISOString(),
                }}
              />
            ) : (
              <dl className="grid gap-4 text-sm" data-testid="golden-readonly">
                <div className="grid gap-1">
                  <dt className="font-medium">Question</dt>
                  <dd>{golden.question}</dd>
                </div>
                <div className="grid gap-1">
                  <dt className="font-medium">Answer</dt>
                  <dd className="whitespace-pre-wrap">{golden.answer}</dd>
                </div>
                <div className="grid gap-1">
                  <dt className="font-medium">Tags</dt>
                  <dd className="flex flex-wrap gap-1.5">
                    {golden.tags.length > 0 ? golden.tags.map((t) => <Badge key={t} variant="secondary">{t}</Badge>) : <span className="text-muted-foreground">None</span>}
                  </dd>
                </div>
                <div className="grid gap-1">
                  <dt className="font-medium">Key facts</dt>
                  <dd data-testid="golden-facts">
                    {golden.facts.length > 0 ? (
                      <ul className="list-disc pl-5 font-mono text-xs">
                        {golden.facts.map((f) => (
                          <li key={formatFact(f)}>{formatFact(f)}</li>
                        ))}
                      </ul>
                    ) : (
                      <span className="text-muted-foreground">None</span>
                    )}
                  </dd>
                </div>
              </dl>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Backing articles</CardTitle>
            <CardDescription>Cited with the answer. Broken ids cannot be cited; internal articles are never shown to customers.</CardDescription>
          </CardHeader>
          <CardContent>
            <SourceLinks sources={sources} />
          </CardContent>
        </Card>
      </div>

      {canReadTests && (
        <AffectedTests
          tests={affected.map((a) => ({ id: a.test.id, name: a.test.name, score: a.score }))}
          canRun={can(user.role, 'tests:write')}
          job={testJob ? toJobView(testJob, new Date()) : null}
          reason={`golden answer ${golden.id} changed`}
        />
      )}

      <GoldenHistory versions={versions} />
    </div>
  );
}
