import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Where one answer's time went, stage by stage (language, condense, golden, spelling, embed,
 * search SQL, rerank, select, generate), recorded into the answer's trace. Stages nest (search
 * contains embed and rerank); each stage counts its own time only, without the stages inside it,
 * so the figures add up to at most the turn's time. Wall-clock milliseconds: when chats run
 * concurrently on one thread, a stage's time includes waiting for the others.
 */
/** The stages, in pipeline order; "search SQL" is the retrieval's own time, around the spelling, embed and rerank inside it. */
export const STAGES = ['language', 'condense', 'golden', 'spelling', 'embed', 'search SQL', 'rerank', 'select', 'generate'] as const;
export type Stage = (typeof STAGES)[number];

export type StageTimes = Partial<Record<Stage, number>>;

type Frame = { times: StageTimes; inner: number; turnStarted: number };

const current = new AsyncLocalStorage<Frame>();

/** Runs a turn and returns what each stage inside it took (ms, own time). */
export async function recordStages<T>(run: () => Promise<T>): Promise<{ result: T; stages: StageTimes }> {
  const times: StageTimes = {};
  const result = await current.run({ times, inner: 0, turnStarted: performance.now() }, run);
  return { result, stages: Object.fromEntries(Object.entries(times).map(([stage, ms]) => [stage, Math.round(ms * 100) / 100])) };
}

/** Times one stage of the turn being recorded (just runs it when none is). */
export async function timeStage<T>(stage: Stage, run: () => Promise<T> | T): Promise<T> {
  const outer = current.getStore();
  if (!outer) return run();
  const frame: Frame = { times: outer.times, inner: 0, turnStarted: outer.turnStarted };
  const started = performance.now();
  try {
    return await current.run(frame, run);
  } finally {
    const elapsed = performance.now() - started;
    outer.times[stage] = (outer.times[stage] ?? 0) + Math.max(0, elapsed - frame.inner);
    outer.inner += elapsed;
  }
}

/**
 * When the turn being recorded started, so its time to first token and total count every stage,
 * also those before the answer starts streaming (language, condense, golden); undefined outside one.
 */
export function turnStartedAt(): number | undefined {
  return current.getStore()?.turnStarted;
}
