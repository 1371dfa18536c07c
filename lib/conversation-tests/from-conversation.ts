import type { ConsoleConversationDetail } from '@/lib/console/conversations/detail';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import type { DialogChecks } from '@/lib/eval/dialogs';
import type { TestCase, TestTurn } from './case';

/**
 * "Make a test" from a real conversation: its customer messages become the turns, and each turn's
 * checks are proposed from what happened — the articles cited, the tool called, the approval card,
 * the hand-off, the language. A reply the customer down-voted or an expert flagged gets checks
 * that ask for a different answer instead, so the new test fails until the answer is fixed.
 * The expert edits the proposal before saving it.
 */

export type Proposal = { test: TestCase; notes: string[] };

const DECIDED_APPROVE = new Set(['executed', 'executing', 'refused', 'failed']);
const NOT_AN_ANSWER = new Set(['no_answer', 'clarify', 'out_of_scope', 'sign_in', 'error', 'chit_chat']);

function toolOf(details: unknown): { name: string; input: unknown } | null {
  const tools = (details as { tools?: unknown } | null)?.tools;
  if (!Array.isArray(tools) || tools.length === 0) return null;
  const first: unknown = tools[0];
  if (typeof first === 'string') return { name: first, input: null };
  if (first && typeof first === 'object' && typeof (first as { name?: unknown }).name === 'string') return first as { name: string; input: unknown };
  return null;
}

export function proposeTestFromConversation(
  detail: ConsoleConversationDetail,
  { name, testCustomers }: { name: string; testCustomers: string[] },
): Proposal | null {
  const notes: string[] = [];
  const live = detail.messages.filter((m) => !m.superseded);
  const turns: TestTurn[] = [];
  let claimed = false;
  let lang: Locale | null = isLocale(detail.conversation.lang) ? detail.conversation.lang : null;
  live.forEach((message, i) => {
    if (message.role !== 'user') return;
    const reply = live.slice(i + 1).find((m) => m.role === 'assistant' && m.replyTo === message.id) ?? live[i + 1];
    const answer = reply && reply.role === 'assistant' ? reply : null;
    if (answer?.outcome === 'relayed' && !claimed) {
      turns.push({ event: 'agent_claims' });
      claimed = true;
    }
    const expect: DialogChecks = {};
    if (answer) {
      const replyLang = answer.lang && isLocale(answer.lang) ? answer.lang : null;
      lang ??= replyLang;
      if (replyLang && answer.outcome !== 'relayed') expect.lang = replyLang;
      const cited = [...new Set(answer.citationList.map((c) => c.documentId))];
      const tool = toolOf(answer.trace?.details);
      const card = answer.approvals[0] ?? null;
      const disliked = answer.feedback?.rating === 'down' || answer.review?.verdict === 'flagged';
      if (disliked) {
        const turnNo = turns.filter((t) => 'user' in t).length + 1;
        notes.push(`Turn ${turnNo} was ${answer.feedback?.rating === 'down' ? 'down-voted by the customer' : 'flagged by an expert'}: its checks ask for a different answer. Add the facts the right answer states.`);
        if (cited.length) expect.notCites = cited;
        if (answer.outcome === 'golden') expect.golden = false;
        else if (answer.outcome && NOT_AN_ANSWER.has(answer.outcome)) expect.outcome = ['answered', 'golden', 'account'];
      } else {
        if (answer.outcome === 'relayed') expect.silent = true;
        else if (answer.outcome === 'golden') expect.golden = true;
        else if (answer.outcome) expect.outcome = [answer.outcome as NonNullable<DialogChecks['outcome']>[number]];
        if (cited.length) expect.cites = cited;
        if (tool) expect.tool = card && card.toolName === tool.name && card.input && typeof card.input === 'object' ? { name: tool.name, args: card.input as Record<string, unknown> } : { name: tool.name };
        if (answer.outcome === 'account' || answer.outcome === 'approval') expect.approval = card !== null;
        if (answer.handoffOffered) expect.handoff = true;
      }
      turns.push({ user: message.content, expect });
      if (card && card.status === 'declined') turns.push({ event: 'customer_declines' });
      else if (card && DECIDED_APPROVE.has(card.status)) turns.push({ event: 'customer_approves' });
    } else {
      turns.push({ user: message.content, expect: {} });
    }
  });
  if (!turns.some((t) => 'user' in t)) return null;
  const email = detail.conversation.customerEmail?.toLowerCase() ?? null;
  let customer: string | null = null;
  if (email && testCustomers.includes(email)) customer = email;
  else if (email) notes.push(`The conversation's customer (${email}) is not a test customer: the test runs as an anonymous visitor unless you pick one.`);
  return { test: { name, group: 'from-conversations', lang: lang ?? 'en', customer, turns }, notes };
}
