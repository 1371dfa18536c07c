import type { Insights } from '@/lib/db/queries/insights';

/** CSV exports of the Insights dashboard (RFC 4180; text cells that a spreadsheet would run as a formula are defused). */

export const CSV_KINDS = ['summary', 'daily', 'unanswered', 'gaps', 'articles'] as const;
export type CsvKind = (typeof CSV_KINDS)[number];

type Cell = string | number | null | undefined;

function cell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  // Customers' questions are text: a leading = + - @ (or tab/CR) would make a spreadsheet evaluate it.
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: Cell[][]): string {
  return rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

export function insightsCsv(insights: Insights, kind: CsvKind): string {
  if (kind === 'daily') {
    return toCsv([
      ['day', 'answers', 'conversations', 'no_answer', 'golden', 'feedback_up', 'feedback_down', 'no_answer_rate', 'positive_feedback_rate', 'total_ms_p95'],
      ...insights.daily.map((d) => [d.day, d.answers, d.conversations, d.noAnswer, d.golden, d.feedbackUp, d.feedbackDown, d.noAnswerRate, d.positiveFeedbackRate, d.totalP95Ms]),
    ]);
  }
  if (kind === 'unanswered') {
    return toCsv([
      ['question', 'normalized', 'count', 'lang', 'last_asked_at'],
      ...insights.unanswered.map((u) => [u.text, u.normalized, u.count, u.lang, u.lastAskedAt.toISOString()]),
    ]);
  }
  if (kind === 'gaps') {
    return toCsv([
      ['document_id', 'title', 'failed_questions', 'not_answered', 'downvoted', 'asked_again', 'examples', 'cited'],
      ...insights.gaps.map((g) => [g.documentId, g.title, g.count, g.noAnswer, g.downvoted, g.askedAgain, g.examples.join(' | '), g.cited.join(' | ')]),
    ]);
  }
  if (kind === 'articles') {
    return toCsv([
      ['document_id', 'title', 'cited', 'downvoted', 'asked_again'],
      ...insights.articles.map((r) => [r.documentId, r.title, r.cited, r.downvoted, r.askedAgain]),
    ]);
  }
  const a = insights.answers;
  const c = insights.conversations;
  const p = insights.approvals;
  const rows: Cell[][] = [
    ['metric', 'value'],
    ['range_from', insights.range.from.toISOString()],
    ['range_to_exclusive', insights.range.to.toISOString()],
    ['conversations', c.conversations],
    ['answers', a.answers],
    ['resolved_conversations', c.resolved],
    ['resolution_rate', c.resolutionRate],
    ['unverified_conversations', c.unverified],
    ['no_answer', a.noAnswer],
    ['no_answer_rate', a.noAnswerRate],
    ['handed_off_conversations', c.handedOff],
    ['handoff_rate', c.handoffRate],
    ...insights.handoffsByReason.map((h): Cell[] => [`handoffs_reason_${h.key}`, h.count]),
    ['feedback_up', a.feedbackUp],
    ['feedback_down', a.feedbackDown],
    ['positive_feedback_rate', a.positiveFeedbackRate],
    ['knowledge_answers', a.knowledgeAnswers],
    ['golden_answers', a.golden],
    ['golden_hit_rate', a.goldenHitRate],
    ['tool_use', a.toolUse],
    ['tool_use_rate', a.toolUseRate],
    ['approvals_proposed', p.proposed],
    ['approvals_approved', p.approved],
    ['approvals_declined', p.declined],
    ['approvals_expired', p.expired],
    ['approval_rate', p.approvalRate],
    ...insights.languages.map((l): Cell[] => [`answers_lang_${l.key}`, l.count]),
    ['ttft_ms_p50', a.ttftMs.p50],
    ['ttft_ms_p95', a.ttftMs.p95],
    ['total_ms_p50', a.totalMs.p50],
    ['total_ms_p95', a.totalMs.p95],
    ['tokens_in_per_answer', a.tokensInPerAnswer],
    ['tokens_out_per_answer', a.tokensOutPerAnswer],
    ['cost_per_answer_usd', a.costPerAnswerUsd],
    ['cost_total_usd', a.costTotalUsd],
  ];
  return toCsv(rows);
}
