import { ChevronRight } from 'lucide-react';
import type { TraceRetrieved } from '@/lib/console/conversations/detail';
import { describeGoldenUse, describeProfileUse, describeStageTimes, parseTraceDetails } from '@/lib/console/conversations/trace-details';
import type { DocumentRef } from '@/lib/db/queries/console-conversations';
import type { AnswerTraceRow } from '@/lib/db/schema';
import type { Citation } from '@/lib/domain/chat';
import { formatMs, formatScore, formatUsd, languageName } from './format';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

function rank(value: number | null): string {
  return value === null ? '–' : String(value);
}

/** How one answer came about (answer_traces), folded away until asked for. */
export function TracePanel({
  trace,
  retrieved,
  citations,
  documents,
}: {
  trace: AnswerTraceRow;
  retrieved: TraceRetrieved[];
  citations: Citation[];
  documents: Map<string, DocumentRef>;
}) {
  const passed = retrieved.filter((r) => r.passed).length;
  const details = parseTraceDetails(trace.details);
  return (
    <details className="group rounded-lg border bg-muted/20 text-sm" data-testid="trace-panel">
      <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-2 font-medium [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden />
        Trace
        <span className="font-normal text-muted-foreground">
          {trace.route} · {trace.model} · {formatMs(trace.totalMs)} · {retrieved.length} retrieved, {passed} passed
        </span>
      </summary>
      <div className="grid gap-4 border-t px-3 py-3">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 sm:grid-cols-[auto_1fr_auto_1fr]">
          <Row label="Route">{trace.route}</Row>
          <Row label="Outcome">{trace.outcome}</Row>
          <Row label="Language">{languageName(trace.lang)}</Row>
          <Row label="Model">{trace.model}</Row>
          <Row label="Golden match">
            {trace.goldenId ? (
              <span data-testid="trace-golden">
                {trace.goldenId} <span className="text-muted-foreground">(score {formatScore(trace.goldenScore)})</span>
              </span>
            ) : (
              '–'
            )}
          </Row>
          <Row label="Tokens">
            {trace.tokensIn} in · {trace.tokensOut} out
          </Row>
          <Row label="Cost">{formatUsd(trace.costUsd)}</Row>
          <Row label="Time to first token">{formatMs(trace.ttftMs)}</Row>
          <Row label="Total time">{formatMs(trace.totalMs)}</Row>
          {details.stagesMs && Object.keys(details.stagesMs).length > 0 && (
            <Row label="Time by stage">
              <span data-testid="trace-stages">{describeStageTimes(details.stagesMs)}</span>
            </Row>
          )}
          <Row label="Asked at">{trace.createdAt.toISOString()}</Row>
          {trace.condensedQuery && <Row label="Condensed question">{trace.condensedQuery}</Row>}
          {details.dialog && <Row label="Dialog">{details.dialog}</Row>}
          {details.version && <Row label="Product version">{details.version}</Row>}
          {details.profile && details.profile.fields.length > 0 && (
            <Row label="Customer profile used">
              <span data-testid="trace-profile">{describeProfileUse(details.profile)}</span>
            </Row>
          )}
          {details.golden && (
            <Row label="Golden decision">
              <span data-testid="trace-golden-decision">
                {details.golden.id}: {describeGoldenUse(details.golden)}{' '}
                <span className="text-muted-foreground">(matched “{details.golden.matched}”, score {formatScore(details.golden.score)})</span>
              </span>
            </Row>
          )}
          {trace.error && (
            <Row label="Error">
              <span className="text-destructive">{trace.error}</span>
            </Row>
          )}
        </dl>
        {retrieved.length > 0 && (
          <div className="relative overflow-x-auto">
            <table className="w-full text-xs" data-testid="trace-retrieved">
              <caption className="mb-1 text-left text-xs font-medium text-muted-foreground">Retrieved passages (best first)</caption>
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th className="py-1 pr-3 font-medium">#</th>
                  <th className="py-1 pr-3 font-medium">Article</th>
                  <th className="py-1 pr-3 font-medium">Chunk</th>
                  <th className="py-1 pr-3 text-right font-medium">Score</th>
                  <th className="py-1 pr-3 text-right font-medium" title="Rank in the vector / full-text / simple legs">
                    Ranks vec / fts / simple
                  </th>
                  <th className="py-1 pr-3 text-right font-medium">Fused</th>
                  <th className="py-1 pr-3 text-right font-medium">Rerank</th>
                  <th className="py-1 font-medium">Passed</th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {retrieved.map((r, i) => {
                  const doc = documents.get(r.documentId);
                  return (
                    <tr key={`${r.chunkId}-${i}`} data-passed={r.passed ? 'true' : 'false'} className={r.passed ? '' : 'text-muted-foreground'}>
                      <td className="py-1 pr-3 tabular-nums">{i + 1}</td>
                      <td className="py-1 pr-3">
                        {doc ? (
                          <a href={`/articles/${doc.slug}`} className="hover:underline">
                            {doc.title}
                          </a>
                        ) : (
                          r.documentId
                        )}
                      </td>
                      <td className="py-1 pr-3 tabular-nums">{r.chunkId ?? '–'}</td>
                      <td className="py-1 pr-3 text-right tabular-nums">{formatScore(r.score)}</td>
                      <td className="py-1 pr-3 text-right tabular-nums">
                        {rank(r.ranks.vector)} / {rank(r.ranks.fts)} / {rank(r.ranks.simple)}
                      </td>
                      <td className="py-1 pr-3 text-right tabular-nums">{rank(r.ranks.fused)}</td>
                      <td className="py-1 pr-3 text-right tabular-nums">{rank(r.ranks.rerank)}</td>
                      <td className="py-1">{r.passed ? 'yes' : 'no'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {citations.length > 0 && (
          <div>
            <p className="mb-1 text-xs font-medium text-muted-foreground">Citations</p>
            <ol className="grid gap-0.5 text-xs">
              {citations.map((c) => (
                <li key={`${c.n}-${c.documentId}`}>
                  [{c.n}]{' '}
                  <a href={c.url} className="hover:underline">
                    {c.title}
                  </a>
                  {c.heading && <span className="text-muted-foreground"> › {c.heading}</span>} <span className="text-muted-foreground">({c.documentId})</span>
                </li>
              ))}
            </ol>
          </div>
        )}
      </div>
    </details>
  );
}
