import { Wrench } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import type { ApprovalRow, AuditLogRow } from '@/lib/db/schema';
import { LocalTime } from '@/components/admin/golden/local-time';

const STATUS_VARIANT: Record<string, 'success' | 'destructive' | 'secondary' | 'outline'> = {
  executed: 'success',
  refused: 'destructive',
  failed: 'destructive',
  declined: 'outline',
  expired: 'outline',
  pending: 'secondary',
  executing: 'secondary',
};

/** The account changes proposed in an answer, as the customer's approval cards showed them. */
export function ApprovalList({ approvals }: { approvals: ApprovalRow[] }) {
  if (approvals.length === 0) return null;
  return (
    <ul className="grid gap-2">
      {approvals.map((a) => (
        <li key={a.id} className="rounded-lg border p-3 text-sm" data-testid="console-approval" data-status={a.status}>
          <div className="flex flex-wrap items-center gap-2">
            <Wrench className="size-4 text-muted-foreground" aria-hidden />
            <span className="font-medium">{a.preview.title}</span>
            <code className="text-xs text-muted-foreground">{a.toolName}</code>
            <Badge variant={STATUS_VARIANT[a.status] ?? 'outline'}>{a.status}</Badge>
          </div>
          {a.preview.changes.length > 0 && (
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-xs">
              {a.preview.changes.map((c, i) => (
                <div key={i} className="contents">
                  <dt className="text-muted-foreground">{c.label}</dt>
                  <dd>
                    {c.before !== null && <span className="line-through opacity-70">{c.before}</span>} {c.after}
                  </dd>
                </div>
              ))}
            </dl>
          )}
          <p className="mt-2 text-xs text-muted-foreground">
            Asked: &ldquo;{a.requestText}&rdquo; · proposed <LocalTime iso={a.createdAt.toISOString()} />
            {a.decidedAt && <> · decided <LocalTime iso={a.decidedAt.toISOString()} /></>}
          </p>
          <details className="mt-1 text-xs">
            <summary className="cursor-pointer text-muted-foreground">Tool call</summary>
            <pre className="mt-1 overflow-x-auto rounded bg-muted/50 p-2">{JSON.stringify({ input: a.input, result: a.result }, null, 2)}</pre>
          </details>
        </li>
      ))}
    </ul>
  );
}

/** The audit log rows behind the conversation's approvals. */
export function AuditTable({ rows }: { rows: AuditLogRow[] }) {
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-sm" data-testid="audit-table">
        <thead className="text-left text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th className="py-1 pr-3 font-medium">When</th>
            <th className="py-1 pr-3 font-medium">Action</th>
            <th className="py-1 pr-3 font-medium">Outcome</th>
            <th className="py-1 pr-3 font-medium">Reason</th>
            <th className="py-1 font-medium">Change</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map((r) => (
            <tr key={r.id} className="align-top">
              <td className="whitespace-nowrap py-1 pr-3 text-muted-foreground"><LocalTime iso={r.at.toISOString()} /></td>
              <td className="py-1 pr-3">
                <code>{r.action}</code>
              </td>
              <td className="py-1 pr-3">
                <Badge variant={r.outcome === 'executed' ? 'success' : 'destructive'}>{r.outcome}</Badge>
              </td>
              <td className="py-1 pr-3">{r.reason ?? '–'}</td>
              <td className="py-1">
                <details className="text-xs">
                  <summary className="cursor-pointer text-muted-foreground">before / after</summary>
                  <pre className="mt-1 overflow-x-auto rounded bg-muted/50 p-2">{JSON.stringify({ input: r.input, before: r.before, after: r.after }, null, 2)}</pre>
                </details>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
