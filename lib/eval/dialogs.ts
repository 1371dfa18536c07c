import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { readUIMessageStream } from 'ai';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { anonKeyOf } from '@/lib/chat/anon-key';
import { startChatTurn } from '@/lib/chat/turn';
import type { Config } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { claimHandoff, findCurrentHandoff, requestHandoff } from '@/lib/db/queries/handoffs';
import { queryRows } from '@/lib/db/rows';
import { users } from '@/lib/db/schema';
import type { ApprovalCard } from '@/lib/domain/account-tools';
import { decideApproval } from '@/lib/actions/decide';
import { ANSWER_OUTCOMES, type ChatUIMessage } from '@/lib/domain/chat';
import { factsSchema, formatFact, missingFacts, statesFact } from '@/lib/domain/facts';
import { detectLanguage } from '@/lib/i18n/detect-language';
import { isLocale, LOCALES } from '@/lib/i18n/locales';

/**
 * The dialog evaluation: multi-turn conversations (content/golden/dialogs.jsonl) run through the
 * real chat turn — storage, dialog state, held conversations and all — with checks per turn.
 * The headline is the share of dialogs whose last turn passes every check, per language.
 */

const checksSchema = z
  .object({
    /** The outcome must be one of these. */
    outcome: z.array(z.enum(ANSWER_OUTCOMES)).min(1).optional(),
    /** At least one article cited, and every cited article in this list. */
    cites: z.array(z.string()).min(1).optional(),
    /** None of these cited. */
    notCites: z.array(z.string()).min(1).optional(),
    /** Answered verbatim by an expert's golden answer (true) or not (false). */
    golden: z.boolean().optional(),
    /** This tool called, with at least these arguments. */
    tool: z.object({ name: z.string(), args: z.record(z.string(), z.unknown()).optional() }).strict().optional(),
    /** An approval card proposed (true) or none (false). */
    approval: z.boolean().optional(),
    /** A hand-off offered or opened. */
    handoff: z.boolean().optional(),
    /** The bot stayed out of it: a person holds the conversation. */
    silent: z.boolean().optional(),
    /** The reply's language: the message's and the text's as detected. */
    lang: z.enum(LOCALES).optional(),
    /** Strings the reply must contain (facts from the articles). */
    mentions: z.array(z.string()).min(1).optional(),
    /** Facts the reply must state (alternatives where they are written differently; lib/domain/facts.ts). */
    facts: factsSchema.min(1).optional(),
    /** Facts the reply must not state ("CHF 10.00" for the ships-and-aircraft zone). */
    notFacts: factsSchema.min(1).optional(),
    /** The request is refused (true: another customer's account, an injection, an action no tool offers) or not. */
    refuses: z.boolean().optional(),
    /** A criterion in words ("explains the fee and offers the downgrade"), judged by an LLM; needs one configured. */
    criterion: z.string().trim().min(3).max(500).optional(),
  })
  .strict();

const userTurnSchema = z.object({ user: z.string().min(1).max(2000), expect: checksSchema.default({}) }).strict();
/**
 * Something that happens between the customer's messages: a person claims the conversation
 * (a hand-off is opened if none is), or the customer approves or declines the approval card
 * the last answer proposed (the write then really runs).
 */
export const DIALOG_EVENTS = ['agent_claims', 'customer_approves', 'customer_declines'] as const;
const eventTurnSchema = z.object({ event: z.enum(DIALOG_EVENTS) }).strict();
export const dialogTurnSchema = z.union([userTurnSchema, eventTurnSchema]);
export const dialogTurnsSchema = z.array(dialogTurnSchema).max(30);

/**
 * A simulated customer instead of scripted turns: an LLM plays the customer (persona, goal, what
 * they know) until the goal is met, the assistant hands off, or `maxTurns`; `expect` applies to
 * the whole conversation (lib/conversation-tests/simulate.ts).
 */
export const simulationSchema = z
  .object({
    persona: z.string().trim().min(3).max(1000),
    goal: z.string().trim().min(3).max(1000),
    knows: z.string().trim().max(2000).default(''),
    maxTurns: z.number().int().min(1).max(12).default(6),
    expect: checksSchema.default({}),
  })
  .strict();
export type Simulation = z.infer<typeof simulationSchema>;

/** Scripted turns with at least one customer message, or a simulation (then no scripted turns). */
export function turnsOrSimulation(d: { turns: z.infer<typeof dialogTurnsSchema>; simulation?: Simulation }, ctx: z.RefinementCtx): void {
  if (d.simulation && d.turns.length > 0) ctx.addIssue({ code: 'custom', path: ['turns'], message: 'a simulated customer writes its own turns: leave turns empty' });
  if (!d.simulation && !d.turns.some((t) => 'user' in t)) ctx.addIssue({ code: 'custom', path: ['turns'], message: 'a dialog needs at least one customer turn' });
}

export const dialogSchema = z
  .object({
    id: z.string().min(1),
    lang: z.enum(LOCALES),
    kind: z.string().min(1),
    /** A demo customer's email (signed in), or null for an anonymous visitor. */
    customer: z.email().nullable().default(null),
    turns: dialogTurnsSchema.default([]),
    simulation: simulationSchema.optional(),
  })
  .strict()
  .superRefine(turnsOrSimulation);

export type Dialog = z.infer<typeof dialogSchema>;
export type DialogTurn = z.infer<typeof dialogTurnSchema>;
export type DialogChecks = z.infer<typeof checksSchema>;
export { checksSchema as dialogChecksSchema };

export function loadDialogs(file: string): Dialog[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, i) => {
      if (!line.trim()) return [];
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        throw new Error(`${file}:${i + 1}: not valid JSON`);
      }
      const parsed = dialogSchema.safeParse(json);
      if (!parsed.success) throw new Error(`${file}:${i + 1}: ${parsed.error.issues.map((x) => `${x.path.join('.')} ${x.message}`).join('; ')}`);
      return [parsed.data];
    });
}

/** The answer's trace, as stored (the route and decisions, what was retrieved, the timings). */
export type TurnTrace = {
  route: string;
  condensedQuery: string | null;
  goldenId: string | null;
  goldenScore: number | null;
  retrieved: unknown[];
  model: string;
  ttftMs: number | null;
  totalMs: number | null;
  details: Record<string, unknown>;
};

/** What one turn did, as the checks see it. */
export type ObservedTurn = {
  text: string;
  outcome: string | null;
  lang: string | null;
  cited: string[];
  approvals: string[];
  tools: { name: string; input: unknown }[];
  handoffOffered: boolean;
  handoffOpened: boolean;
  /** Null when no answer was traced (a person holds the conversation). */
  trace?: TurnTrace | null;
};

export type CheckResult = { check: keyof DialogChecks; pass: boolean; detail: string };

function subset(expected: Record<string, unknown>, actual: unknown): boolean {
  if (!actual || typeof actual !== 'object') return false;
  return Object.entries(expected).every(([k, v]) => JSON.stringify((actual as Record<string, unknown>)[k]) === JSON.stringify(v));
}

/** Scores one turn against its checks (pure: the unit tests call it directly). */
export function scoreTurn(expect: DialogChecks, seen: ObservedTurn): CheckResult[] {
  const results: CheckResult[] = [];
  const add = (check: keyof DialogChecks, pass: boolean, detail: string) => results.push({ check, pass, detail });
  if (expect.outcome) add('outcome', seen.outcome !== null && expect.outcome.includes(seen.outcome as never), `outcome ${seen.outcome}`);
  if (expect.cites) add('cites', seen.cited.length > 0 && seen.cited.every((d) => expect.cites!.includes(d)), `cited ${seen.cited.join(', ') || 'nothing'}`);
  if (expect.notCites) add('notCites', !seen.cited.some((d) => expect.notCites!.includes(d)), `cited ${seen.cited.join(', ') || 'nothing'}`);
  if (expect.golden !== undefined) add('golden', (seen.outcome === 'golden') === expect.golden, `outcome ${seen.outcome}`);
  if (expect.tool) {
    const call = seen.tools.find((t) => t.name === expect.tool!.name);
    add('tool', call !== undefined && (!expect.tool.args || subset(expect.tool.args, call.input)), `tools ${JSON.stringify(seen.tools)}`);
  }
  if (expect.approval !== undefined) add('approval', (seen.approvals.length > 0) === expect.approval, `cards ${seen.approvals.join(', ') || 'none'}`);
  if (expect.handoff !== undefined) add('handoff', (seen.handoffOffered || seen.handoffOpened) === expect.handoff, `offered ${seen.handoffOffered}, opened ${seen.handoffOpened}`);
  if (expect.silent !== undefined) add('silent', (seen.outcome === 'relayed') === expect.silent, `outcome ${seen.outcome}`);
  if (expect.lang) {
    const detected = detectLanguage(seen.text) ?? seen.lang;
    add('lang', seen.lang === expect.lang && detected === expect.lang, `reply ${seen.lang}, text reads as ${detected}`);
  }
  if (expect.facts) {
    const missing = missingFacts(seen.text, expect.facts);
    add('facts', missing.length === 0, `missing ${missing.map(formatFact).join(', ') || 'none'}`);
  }
  if (expect.notFacts) {
    const stated = expect.notFacts.filter((f) => statesFact(seen.text, f));
    add('notFacts', stated.length === 0, `stated ${stated.map(formatFact).join(', ') || 'none'}`);
  }
  if (expect.refuses !== undefined) add('refuses', (seen.outcome === 'refused') === expect.refuses, `outcome ${seen.outcome}`);
  if (expect.mentions) add('mentions', expect.mentions.every((m) => seen.text.toLowerCase().includes(m.toLowerCase())), `missing ${expect.mentions.filter((m) => !seen.text.toLowerCase().includes(m.toLowerCase())).join(', ') || 'none'}`);
  return results;
}

export type TurnReport = { user: string; seen: ObservedTurn; checks: CheckResult[] };
/** An event between the customer's turns, and what came of it (the approval's report message). */
export type EventReport = { event: (typeof DIALOG_EVENTS)[number]; afterTurn: number; text: string };
export type DialogResult = {
  id: string;
  lang: string;
  kind: string;
  turns: TurnReport[];
  events?: EventReport[];
  lastPass: boolean;
  allPass: boolean;
  /** Wall time of the whole dialog. */
  ms?: number;
};

/** Who takes part: the signed-in customer a dialog names (its user id), and a person who claims hand-offs. */
export type DialogIdentities = { customer(email: string): Promise<string>; expert(): Promise<string> };

/** Judges a criterion on the conversation so far (the last reply is the one judged). */
export type CriterionJudge = (criterion: string, transcript: { role: 'customer' | 'assistant'; text: string }[]) => Promise<{ pass: boolean; reason: string }>;

export type Runner = {
  db: Db;
  config: Config;
  now: Date;
  identities: DialogIdentities;
  /** Count the answers in the app's metrics (not for tests). */
  record?: boolean;
  /** Judges `criterion` checks; without one they fail as not judged. */
  judge?: CriterionJudge;
};

export async function runTurn(r: Runner, { conversationId, owner, signedIn, text }: { conversationId: string; owner: Parameters<typeof startChatTurn>[0]['owner']; signedIn: boolean; text: string }): Promise<ObservedTurn> {
  const before = await findCurrentHandoff(r.db, { conversationId });
  const started = await startChatTurn({ db: r.db, config: r.config, owner, signedIn, now: r.now, record: r.record, request: { conversationId, message: { id: randomUUID(), role: 'user', parts: [{ type: 'text', text }] } } });
  if (!started.ok) throw new Error(`turn refused: ${started.message}`);
  let last: ChatUIMessage | undefined;
  for await (const message of readUIMessageStream<ChatUIMessage>({ stream: started.stream })) last = message;
  const meta = last?.metadata ?? {};
  const [trace] = meta.messageId
    ? await queryRows<Omit<TurnTrace, 'details'> & { details: { tools?: { name: string; input: unknown }[] | string[] } }>(
        r.db,
        sql`select route, condensed_query as "condensedQuery", golden_id as "goldenId", golden_score as "goldenScore", retrieved, model, ttft_ms as "ttftMs", total_ms as "totalMs", details from answer_traces where message_id = ${meta.messageId}`,
      )
    : [];
  const after = await findCurrentHandoff(r.db, { conversationId });
  const tools = (trace?.details.tools ?? []).map((t) => (typeof t === 'string' ? { name: t, input: null } : t));
  return {
    text: last?.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('') ?? '',
    outcome: meta.outcome ?? null,
    lang: meta.lang ?? null,
    cited: (meta.citations ?? []).map((c) => c.documentId),
    approvals: (last?.parts ?? []).flatMap((p) => (p.type === 'data-approval' ? [(p.data as ApprovalCard).toolName] : [])),
    tools,
    handoffOffered: meta.handoffOffered ?? false,
    handoffOpened: after !== null && after.status !== 'closed' && (before === null || before.id !== after.id || before.status === 'closed'),
    trace: trace ? { ...trace, goldenScore: trace.goldenScore === null ? null : Number(trace.goldenScore) } : null,
  };
}

/** The customer decides on the newest pending approval card of the conversation, as the chat's approve button does. */
async function decideLatestApproval(r: Runner, { conversationId, userId, decision }: { conversationId: string; userId: string; decision: 'approve' | 'decline' }): Promise<string> {
  const [pending] = await queryRows<{ id: string; lang: string | null }>(
    r.db,
    sql`select a.id, c.lang from approvals a join conversations c on c.id = a.conversation_id where a.conversation_id = ${conversationId} and a.status = 'pending' order by a.created_at desc limit 1`,
  );
  if (!pending) return '(no approval card to decide on)';
  const decided = await decideApproval(r.db, { approvalId: pending.id, userId, decision, lang: isLocale(pending.lang) ? pending.lang : 'en', now: r.now });
  if (decided.status !== 'decided') return `(the card was ${decided.status === 'not_found' ? 'not found' : 'already decided'})`;
  return decided.message.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
}

/**
 * Runs one dialog in a fresh conversation. "agent_claims" opens a hand-off (if none) and has an
 * expert claim it; "customer_approves"/"customer_declines" decide the newest approval card.
 */
export type DialogOwner = Parameters<typeof startChatTurn>[0]['owner'];

/** Who a dialog's conversation belongs to: its signed-in customer, or a fresh anonymous visitor. */
export async function dialogOwner(r: Runner, customer: string | null): Promise<DialogOwner> {
  if (customer) return { kind: 'user', userId: await r.identities.customer(customer.toLowerCase()) };
  return { kind: 'anon', anonKey: anonKeyOf(randomUUID().replace(/-/g, '').padEnd(43, 'd')) };
}

export async function runDialog(r: Runner, dialog: Dialog): Promise<DialogResult> {
  const started = performance.now();
  const conversationId = randomUUID();
  const owner = await dialogOwner(r, dialog.customer);
  const turns: TurnReport[] = [];
  const events: EventReport[] = [];
  for (const turn of dialog.turns) {
    if ('event' in turn) {
      let text = '';
      if (turn.event === 'agent_claims') {
        const { handoff } = await requestHandoff(r.db, { conversationId, reason: 'customer_request', note: null });
        await claimHandoff(r.db, { id: handoff.id, userId: await r.identities.expert() });
      } else if (owner.kind === 'user') {
        text = await decideLatestApproval(r, { conversationId, userId: owner.userId, decision: turn.event === 'customer_approves' ? 'approve' : 'decline' });
      } else {
        text = '(an anonymous visitor has no approval cards)';
      }
      events.push({ event: turn.event, afterTurn: turns.length, text });
      continue;
    }
    const seen = await runTurn(r, { conversationId, owner, signedIn: dialog.customer !== null, text: turn.user });
    const checks = scoreTurn(turn.expect, seen);
    if (turn.expect.criterion) {
      const transcript = [...turns.flatMap((t) => [{ role: 'customer' as const, text: t.user }, { role: 'assistant' as const, text: t.seen.text }]), { role: 'customer' as const, text: turn.user }, { role: 'assistant' as const, text: seen.text }];
      const verdict = r.judge ? await r.judge(turn.expect.criterion, transcript) : { pass: false, reason: 'not judged: a criterion needs an LLM' };
      checks.push({ check: 'criterion', pass: verdict.pass, detail: verdict.reason });
    }
    turns.push({ user: turn.user, seen, checks });
  }
  const passes = (t: TurnReport) => t.checks.every((c) => c.pass);
  return { id: dialog.id, lang: dialog.lang, kind: dialog.kind, turns, events, lastPass: passes(turns.at(-1)!), allPass: turns.every(passes), ms: performance.now() - started };
}

/** Identities from the database's own users: demo customers by email, a named expert for hand-offs. */
export function usersByEmail(db: Db, { expertEmail }: { expertEmail: string }): DialogIdentities {
  const find = async (email: string, what: string) => {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
    if (!user) throw new Error(`no ${what} ${email} (seed the demo accounts)`);
    return user.id;
  };
  return { customer: (email) => find(email, 'user'), expert: () => find(expertEmail, 'expert') };
}

export async function runDialogs(
  r: Omit<Runner, 'identities'> & { expertEmail: string },
  dialogs: Dialog[],
  { onProgress }: { onProgress?: (done: number, total: number) => void } = {},
): Promise<DialogResult[]> {
  const identities = usersByEmail(r.db, { expertEmail: r.expertEmail });
  await identities.expert(); // fails early, before any dialog runs
  const results: DialogResult[] = [];
  for (const dialog of dialogs) {
    results.push(await runDialog({ ...r, identities }, dialog));
    onProgress?.(results.length, dialogs.length);
  }
  return results;
}

type Rate = { passed: number; total: number; rate: number | null };
const rate = (passed: number, total: number): Rate => ({ passed, total, rate: total === 0 ? null : passed / total });

export type DialogMetrics = {
  lastTurn: Rate;
  allTurns: Rate;
  byLanguage: Record<string, { lastTurn: Rate; allTurns: Rate }>;
  byKind: Record<string, Rate>;
  byCheck: Record<string, Rate>;
};

export function dialogMetrics(results: DialogResult[]): DialogMetrics {
  const group = <K extends string>(key: (r: DialogResult) => K) => [...new Set(results.map(key))].sort();
  const checks = results.flatMap((r) => r.turns.flatMap((t) => t.checks));
  return {
    lastTurn: rate(results.filter((r) => r.lastPass).length, results.length),
    allTurns: rate(results.filter((r) => r.allPass).length, results.length),
    byLanguage: Object.fromEntries(
      group((r) => r.lang).map((lang) => {
        const of = results.filter((r) => r.lang === lang);
        return [lang, { lastTurn: rate(of.filter((r) => r.lastPass).length, of.length), allTurns: rate(of.filter((r) => r.allPass).length, of.length) }];
      }),
    ),
    byKind: Object.fromEntries(group((r) => r.kind).map((kind) => [kind, rate(results.filter((r) => r.kind === kind && r.lastPass).length, results.filter((r) => r.kind === kind).length)])),
    byCheck: Object.fromEntries([...new Set(checks.map((c) => c.check))].sort().map((check) => [check, rate(checks.filter((c) => c.check === check && c.pass).length, checks.filter((c) => c.check === check).length)])),
  };
}

const pct = (r: Rate) => (r.rate === null ? '—' : `${(r.rate * 100).toFixed(1)} %`);

export function formatDialogReport(metrics: DialogMetrics, results: DialogResult[], target = 0.9): string {
  const lines: string[] = [];
  const langs = Object.keys(metrics.byLanguage);
  lines.push(['Metric'.padEnd(22), 'overall'.padStart(9), ...langs.map((l) => l.padStart(9)), '  Target  Result'].join(''));
  const row = (name: string, overall: Rate, per: (l: string) => Rate, withTarget: boolean) => {
    const pass = langs.every((l) => (per(l).rate ?? 0) >= target);
    lines.push([name.padEnd(22), pct(overall).padStart(9), ...langs.map((l) => pct(per(l)).padStart(9)), withTarget ? `  ≥ ${(target * 100).toFixed(0)} %  ${pass ? 'PASS' : 'FAIL'}` : ''].join(''));
  };
  row('Last turn passes', metrics.lastTurn, (l) => metrics.byLanguage[l]!.lastTurn, true);
  row('Every turn passes', metrics.allTurns, (l) => metrics.byLanguage[l]!.allTurns, false);
  lines.push('', 'By check (every turn):');
  for (const [check, r] of Object.entries(metrics.byCheck)) lines.push(`  ${check.padEnd(12)} ${pct(r).padStart(8)}  (${r.passed}/${r.total})`);
  lines.push('', 'By kind (last turn):');
  for (const [kind, r] of Object.entries(metrics.byKind)) lines.push(`  ${kind.padEnd(18)} ${pct(r).padStart(8)}  (${r.passed}/${r.total})`);
  const failing = results.filter((r) => !r.lastPass);
  if (failing.length > 0) {
    lines.push('', `Dialogs whose last turn fails (${failing.length}):`);
    for (const r of failing) {
      const last = r.turns.at(-1)!;
      const failed = last.checks.filter((c) => !c.pass).map((c) => `${c.check}: ${c.detail}`).join('; ');
      lines.push(`  ${r.id} [${r.kind}] “${last.user}” → ${failed}`, `      ${JSON.stringify(last.seen.text.slice(0, 160))}`);
    }
  }
  return lines.join('\n');
}
