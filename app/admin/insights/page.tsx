import { DataTable } from '@/components/ui/data-table';
import type { Metadata } from 'next';
import { BarChart } from '@/components/admin/charts/bar-chart';
import { formatValue } from '@/components/admin/charts/format';
import { LineChart } from '@/components/admin/charts/line-chart';
import { Kpi } from '@/components/admin/insights/kpi';
import { RangeForm } from '@/components/admin/insights/range-form';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { requirePagePermission } from '@/lib/auth/guard';
import { parseRange } from '@/lib/console/insights/range';
import { getReadDatabase } from '@/lib/db';
import { loadInsights } from '@/lib/db/queries/insights';
import { LocalTime } from '@/components/admin/golden/local-time';

export const metadata: Metadata = { title: 'Insights' };
export const dynamic = 'force-dynamic';

const REASONS: Record<string, string> = {
  customer_request: 'Customer asked',
  missing_knowledge: 'Missing knowledge',
  policy: 'Policy',
  tool_failure: 'Tool failure',
  other: 'Other',
};
const LANGUAGES: Record<string, string> = { en: 'English', de: 'German', fr: 'French', it: 'Italian' };

const pct = (v: number | null) => formatValue(v, 'rate');
const ms = (v: number | null) => formatValue(v, 'ms');

export default async function InsightsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePagePermission('insights:read', { from: '/admin/insights' });
  const parsed = parseRange(await searchParams);
  const { db } = await getReadDatabase();
  const data = await loadInsights(db, parsed.range);
  const { answers: a, conversations: c, approvals: p } = data;
  const daily = data.daily.map((d) => ({ ...d, label: d.day.slice(5) }));

  return (
    <div className="grid max-w-6xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Insights</h1>
        <p className="text-muted-foreground">
          How the assistant does for customers, {parsed.from} to {parsed.to} (UTC days, {parsed.days} {parsed.days === 1 ? 'day' : 'days'}).
        </p>
      </div>
      <RangeForm from={parsed.from} to={parsed.to} />
      {parsed.problem && (
        <Alert>
          <AlertDescription>{parsed.problem}</AlertDescription>
        </Alert>
      )}

      <section aria-label="Headline figures" className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Kpi label="Conversations" value={formatValue(c.conversations, 'count')} hint={`${formatValue(a.answers, 'count')} answers`} testId="kpi-conversations" />
        <Kpi
          label="Resolution rate"
          value={pct(c.resolutionRate)}
          hint={`${c.resolved} accepted an answer (thumbs-up, thanks, or did not ask again); ${c.unverified} unverified`}
          testId="kpi-resolution"
        />
        <Kpi label="No-answer rate" value={pct(a.noAnswerRate)} hint={`${a.noAnswer} answers said “I don’t know”`} testId="kpi-no-answer" />
        <Kpi label="Hand-off rate" value={pct(c.handoffRate)} hint={`${c.handedOff} conversations handed to a person`} testId="kpi-handoff" />
        <Kpi label="Positive feedback" value={pct(a.positiveFeedbackRate)} hint={`${a.feedbackUp} up, ${a.feedbackDown} down`} testId="kpi-feedback" />
        <Kpi label="Golden hit rate" value={pct(a.goldenHitRate)} hint={`${a.golden} of ${a.knowledgeAnswers} knowledge answers`} testId="kpi-golden" />
        <Kpi label="Tool use" value={pct(a.toolUseRate)} hint={`${a.toolUse} answers used the account tools`} testId="kpi-tools" />
        <Kpi label="Approval rate" value={pct(p.approvalRate)} hint={`${p.approved} approved, ${p.declined} declined, ${p.expired} expired`} testId="kpi-approvals" />
      </section>

      <section aria-label="Latency and cost" className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Kpi label="Time to first token" value={`${ms(a.ttftMs.p50)} / ${ms(a.ttftMs.p95)}`} hint="p50 / p95" testId="kpi-ttft" />
        <Kpi label="Total time" value={`${ms(a.totalMs.p50)} / ${ms(a.totalMs.p95)}`} hint="p50 / p95" testId="kpi-total" />
        <Kpi
          label="Tokens per answer"
          value={a.tokensInPerAnswer === null ? '—' : `${Math.round(a.tokensInPerAnswer)} / ${Math.round(a.tokensOutPerAnswer ?? 0)}`}
          hint="in / out"
          testId="kpi-tokens"
        />
        <Kpi label="Cost per answer" value={formatValue(a.costPerAnswerUsd, 'usd')} hint={`${formatValue(a.costTotalUsd, 'usd')} in total`} testId="kpi-cost" />
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Volume</CardTitle>
            <CardDescription>Answers and conversations per day.</CardDescription>
          </CardHeader>
          <CardContent>
            <LineChart
              data={daily}
              xKey="label"
              format="count"
              label="Answers and conversations per day"
              testId="chart-volume"
              lines={[
                { key: 'answers', label: 'Answers', emphasis: true },
                { key: 'conversations', label: 'Conversations', color: 'oklch(0.65 0.15 150)' },
              ]}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Quality</CardTitle>
            <CardDescription>No-answer rate and positive feedback per day.</CardDescription>
          </CardHeader>
          <CardContent>
            <LineChart
              data={daily}
              xKey="label"
              format="rate"
              domain={[0, 1]}
              label="No-answer rate and positive feedback per day"
              testId="chart-quality"
              lines={[
                { key: 'noAnswerRate', label: 'No answer', color: 'oklch(0.6 0.19 25)' },
                { key: 'positiveFeedbackRate', label: 'Positive feedback', color: 'oklch(0.65 0.15 150)' },
              ]}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Hand-offs by reason</CardTitle>
            <CardDescription>Hand-offs of these conversations.</CardDescription>
          </CardHeader>
          <CardContent>
            <BarChart label="Hand-offs" testId="chart-handoffs" data={data.handoffsByReason.map((h) => ({ key: h.key, label: REASONS[h.key] ?? h.key, value: h.count }))} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Answer languages</CardTitle>
            <CardDescription>The language each answer was given in.</CardDescription>
          </CardHeader>
          <CardContent>
            <BarChart
              label="Answers"
              testId="chart-languages"
              colorByKey
              data={data.languages.map((l) => ({ key: l.key, label: `${LANGUAGES[l.key] ?? l.key} ${a.answers ? Math.round((100 * l.count) / a.answers) : 0}%`, value: l.count }))}
            />
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Content gaps</CardTitle>
          <CardDescription>
            Questions the assistant did not answer, answered but got a thumbs-down, or answered and the customer asked again — grouped by the article
            they were about (cited, else the best one found). Write or fix these articles, or add golden answers.
          </CardDescription>
        </CardHeader>
        <CardContent className="relative overflow-x-auto">
          {data.gaps.length === 0 ? (
            <p className="text-sm text-muted-foreground">No failed questions in this range.</p>
          ) : (
            <DataTable
              testId="content-gaps"
              columns={['Topic (article)', 'Example questions', { label: 'Not answered', align: 'right' }, { label: 'Down-voted', align: 'right' }, { label: 'Asked again', align: 'right' }, 'Cited']}
            >
              {data.gaps.map((g) => (
                <tr key={g.documentId ?? '—'} className="border-b align-top last:border-0" data-testid="content-gap">
                  <td className="py-2 pr-4">
                    {g.slug ? (
                      <a className="underline underline-offset-2" href={`/articles/${encodeURIComponent(g.slug)}`}>
                        {g.title ?? g.documentId}
                      </a>
                    ) : (
                      (g.title ?? g.documentId ?? <span className="text-muted-foreground">No matching article</span>)
                    )}
                  </td>
                  <td className="py-2 pr-4">
                    <ul className="grid gap-1">
                      {g.examples.map((e) => (
                        <li key={e}>{e}</li>
                      ))}
                    </ul>
                  </td>
                  <td className="py-2 pr-4 text-right tabular-nums">{g.noAnswer}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{g.downvoted}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{g.askedAgain}</td>
                  <td className="py-2">{g.cited.length > 0 ? g.cited.join(', ') : '—'}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Article quality</CardTitle>
          <CardDescription>For each article the answers cited: how often, how many of those answers got a thumbs-down, and how many the customer asked again.</CardDescription>
        </CardHeader>
        <CardContent className="relative overflow-x-auto">
          {data.articles.length === 0 ? (
            <p className="text-sm text-muted-foreground">No answer cited an article in this range.</p>
          ) : (
            <DataTable testId="article-quality" columns={['Article', { label: 'Cited', align: 'right' }, { label: 'Down-voted', align: 'right' }, { label: 'Asked again', align: 'right' }]}>
              {data.articles.map((r) => (
                <tr key={r.documentId} className="border-b last:border-0">
                  <td className="py-2 pr-4">{r.title ?? r.documentId}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{r.cited}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{r.downvoted}</td>
                  <td className="py-2 text-right tabular-nums">{r.askedAgain}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Top unanswered questions</CardTitle>
          <CardDescription>What the assistant could not answer, grouped by the standalone question (lower-cased, punctuation removed). Candidates for new articles or golden answers.</CardDescription>
        </CardHeader>
        <CardContent className="relative overflow-x-auto">
          {data.unanswered.length === 0 ? (
            <p className="text-sm text-muted-foreground">Every question in this range got an answer.</p>
          ) : (
            <DataTable testId="unanswered" columns={['Question (latest wording)', 'Language', { label: 'Asked', align: 'right' }, 'Last asked']}>
              {data.unanswered.map((u) => (
                <tr key={u.normalized} className="border-b last:border-0">
                  <td className="py-2 pr-4">{u.text}</td>
                  <td className="py-2 pr-4">{u.lang}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{u.count}</td>
                  <td className="py-2 whitespace-nowrap"><LocalTime iso={u.lastAskedAt.toISOString()} /></td>
                </tr>
              ))}
            </DataTable>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
