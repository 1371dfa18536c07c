import { z } from 'zod';
import { prettyVersion } from '@/lib/rag/versions';

/**
 * The turn's decisions stored in answer_traces.details, as the console shows them. Older traces
 * (and turns without a golden match) have none: every field is optional and a shape we no longer
 * write reads as empty rather than failing the page.
 */
const TraceDetails = z.object({
  golden: z
    .object({
      id: z.string(),
      score: z.number(),
      used: z.enum(['verbatim', 'source', 'no']),
      matched: z.string(),
      reason: z.string().nullable(),
    })
    .nullish(),
  version: z.string().nullish(),
  dialog: z.string().nullish(),
  /** The signed-in customer's profile fields that shaped the answer (lib/chat/customer-profile.ts). */
  profile: z
    .object({ fields: z.array(z.enum(['devices', 'language', 'outages', 'restricted'])), version: z.string().optional(), language: z.string().optional() })
    .nullish(),
  /** Where the answer's time went: each stage's own time in ms (lib/observability/stage-times.ts). */
  stagesMs: z.record(z.string(), z.number().nonnegative()).nullish(),
});

export type TraceDetails = z.infer<typeof TraceDetails>;

export function parseTraceDetails(raw: unknown): TraceDetails {
  const parsed = TraceDetails.safeParse(raw ?? {});
  return parsed.success ? parsed.data : {};
}

const REASONS: Record<string, string> = {
  below_threshold: 'below the match threshold',
  other_version: 'written for another product version',
  version_unknown: 'written for one product version; the question names none',
  fragment: 'the question lacks most of the golden question’s words',
  joined_turns: 'the question was joined from several turns',
};

/** "given verbatim", "passed as a source: written for another product version", … */
export function describeGoldenUse(golden: NonNullable<TraceDetails['golden']>): string {
  const why = golden.reason ? (REASONS[golden.reason] ?? golden.reason) : null;
  if (golden.used === 'verbatim') return 'given verbatim';
  return `${golden.used === 'source' ? 'passed to the model as a source' : 'not used'}${why ? ` — ${why}` : ''}`;
}

/** "devices (Box 5), language (de)": which of the customer's profile fields shaped the answer. */
export function describeProfileUse(profile: NonNullable<TraceDetails['profile']>): string {
  return profile.fields
    .map((field) => (field === 'devices' && profile.version ? `devices (${prettyVersion(profile.version)})` : field === 'language' && profile.language ? `language (${profile.language})` : field === 'restricted' ? 'restricted (overdue invoice)' : field))
    .join(', ');
}

/** "search SQL 18.1 ms · generate 12.0 ms · golden 4.3 ms": the stages that took time, slowest first. */
export function describeStageTimes(stagesMs: NonNullable<TraceDetails['stagesMs']>): string {
  return Object.entries(stagesMs)
    .filter(([, ms]) => ms >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([stage, ms]) => `${stage} ${ms.toFixed(1)} ms`)
    .join(' · ');
}
