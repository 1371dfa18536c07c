import { Check, X } from 'lucide-react';
import Link from 'next/link';
import type { CaseDiff } from '@/lib/conversation-tests/diff';
import type { TranscriptEntry } from '@/lib/conversation-tests/run';
import type { CheckResult } from '@/lib/eval/dialogs';
import { ChangeBadge } from './status-badge';

const EVENT_LABEL: Record<string, string> = {
  agent_claims: 'A person took the conversation over.',
  customer_approves: 'The customer approved the proposed change.',
  customer_declines: 'The customer declined the proposed change.',
};

const STOPPED: Record<string, string> = {
  goal_met: 'the customer reached their goal',
  handoff: 'the assistant handed off to a person',
  turn_limit: 'the turn limit was reached',
  customer_unreadable: "the simulated customer's reply could not be read",
};

function Checks({ checks }: { checks: CheckResult[] }) {
  return (
    <ul className="grid gap-0.5 text-sm">
      {checks.map((c, j) => (
        <li key={j} className="flex items-start gap-1.5" data-testid="case-check" data-pass={c.pass} data-check={c.check}>
          {c.pass ? <Check className="mt-0.5 size-4 text-success" aria-label="passed" /> : <X className="mt-0.5 size-4 text-destructive" aria-label="failed" />}
          <span>
            <span className="font-medium">{c.check}</span> — {c.detail}
          </span>
        </li>
      ))}
      {checks.length === 0 && <li className="text-muted-foreground">No checks here.</li>}
    </ul>
  );
}

function TraceLine({ entry }: { entry: Extract<TranscriptEntry, { kind: 'turn' }> }) {
  const trace = entry.seen.trace;
  if (!trace) return null;
  const retrieved = (Array.isArray(trace.retrieved) ? trace.retrieved : [])
    .flatMap((r) => (r && typeof r === 'object' && typeof (r as { documentId?: unknown }).documentId === 'string' ? [(r as { documentId: string }).documentId] : []))
    .slice(0, 5);
  return (
    <p className="text-xs text-muted-foreground" data-testid="case-trace">
      Trace: route {trace.route}
      {trace.condensedQuery ? ` · searched “${trace.condensedQuery}”` : ''}
      {trace.goldenId ? ` · golden ${trace.goldenId}${trace.goldenScore !== null ? ` (${trace.goldenScore.toFixed(2)})` : ''}` : ''}
      {retrieved.length ? ` · retrieved ${[...new Set(retrieved)].join(', ')}` : ''}
      {entry.seen.tools.length ? ` · tools ${entry.seen.tools.map((t) => t.name).join(', ')}` : ''}
      {trace.totalMs !== null ? ` · ${Math.round(trace.totalMs)} ms` : ''}
    </p>
  );
}

/** One case of a run: how it changed, and its transcript with each check and, where it changed, the earlier reply. */
export function CaseResult({ diff }: { diff: CaseDiff }) {
  const entries = diff.current.turns as TranscriptEntry[];
  const before = ((diff.previous?.turns ?? []) as TranscriptEntry[]).filter((e) => e.kind === 'turn');
  const failing = diff.now === 'failed' || diff.now === 'error';
  // Each customer turn's index among the turns (events in between are not counted).
  const turnIndex = entries.map((_, i) => entries.slice(0, i).filter((e) => e.kind === 'turn').length);
  return (
    <details id={`case-${diff.testId}`} open={failing} className="rounded-lg border p-3" data-testid="case-result" data-name={diff.name} data-change={diff.change}>
      <summary className="flex cursor-pointer flex-wrap items-center gap-2">
        <ChangeBadge change={diff.change} />
        <span className="font-medium">{diff.name}</span>
        <span className="text-sm text-muted-foreground">
          {diff.group} · {diff.lang.toUpperCase()} · {diff.current.ms} ms
        </span>
        <Link href={`/admin/tests/${diff.testId}`} className="ml-auto text-sm text-primary hover:underline">
          Edit test
        </Link>
      </summary>
      <div className="mt-3 grid gap-3">
        {diff.current.reason && <p className="text-sm text-destructive">{diff.current.reason}</p>}
        {entries.map((entry, i) => {
          if (entry.kind === 'summary') {
            return (
              <div key={i} className="grid gap-1.5 rounded-md bg-muted/40 p-2" data-testid="case-summary" data-stopped={entry.stoppedBecause}>
                <p className="text-sm font-medium">The simulated conversation ended: {STOPPED[entry.stoppedBecause] ?? entry.stoppedBecause}. Checks on the whole conversation:</p>
                <Checks checks={entry.checks} />
              </div>
            );
          }
          if (entry.kind === 'event') {
            return (
              <p key={i} className="text-sm italic text-muted-foreground">
                {EVENT_LABEL[entry.event] ?? entry.event} {entry.text}
              </p>
            );
          }
          const previous = before[turnIndex[i]!];
          const changed = previous && previous.seen.text !== entry.seen.text;
          return (
            <div key={i} className="grid gap-1.5 border-l-2 pl-3">
              <p className="text-sm">
                <span className="font-medium">Customer:</span> {entry.user}
              </p>
              <p className="whitespace-pre-wrap text-sm" data-testid="case-reply">
                <span className="font-medium">Answer{changed ? ' now' : ''}:</span> {entry.seen.text || <em>(no text)</em>}
              </p>
              {changed && (
                <p className="whitespace-pre-wrap text-sm text-muted-foreground" data-testid="case-reply-before">
                  <span className="font-medium">Answer in run #{diff.previous ? diff.beforeRunId : ''}:</span> {previous.seen.text}
                </p>
              )}
              <Checks checks={entry.checks} />
              <TraceLine entry={entry} />
            </div>
          );
        })}
      </div>
    </details>
  );
}
