/**
 * npm run bench:answer-cpu [-- --questions 165] [--rounds 2] [--data-dir DIR]
 *
 * CPU per answer on the embedded default (PGlite + built-in models), in this process: the demo
 * articles are ingested into an in-memory PGlite (--data-dir: one on disk, as the app runs it), the demo golden answers seeded, and the golden
 * set's questions (no history) answered one after another through the chat's turn engine, as the
 * chat runs them. Prints the CPU each answer took (p50 / p95 / mean, from process.cpuUsage: the
 * answers run one at a time, so the process's CPU is the answer's) and the share of that CPU spent
 * in each stage, from a sampling CPU profile taken over the measured round: each sample goes to
 * the first stage function found from the top of its stack (after an await the stack starts at
 * the microtask, so a stage's own frames are what identifies it). Prints figures; asserts nothing.
 */
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { answerTurn } from '@/lib/chat/engine';
import { openDemoAnswerer } from './lib/demo-answerer';
import { getConfig } from '@/lib/config';
import { percentile } from '@/lib/eval/metrics';


/**
 * Libraries whose frames name their stage wherever they are on the stack (their own functions
 * are minified or generic): the path fragment of the file a frame is in, and the stage.
 */
const LIBRARIES: [fragment: string, stage: string][] = [
  ['@electric-sql/pglite', 'SQL (PGlite)'],
  ['drizzle-orm', 'query building (drizzle)'],
  ['node_modules/ai/', 'stream (AI SDK)'],
  ['internal/webstreams', 'stream (AI SDK)'],
  ['node:inspector', 'profiler'],
];

/** Stages, each named by the functions that do its work (the first found from a sample's top wins). */
const STAGES: [stage: string, functions: string[]][] = [
  ['SQL (PGlite)', ['execProtocolRawSync', 'execProtocolRaw', 'execProtocolStream']],
  ['language', ['detectLanguage']],
  ['account intents', ['recognizeAccountRequest', 'explainRecognition', 'isDirectAccountRequest']],
  ['route', ['routeByForm', 'chitChatKind', 'chitChatLanguage']],
  ['condense', ['condenseLocally', 'condense']],
  ['golden match', ['bestGoldenMatch', 'matchGolden', 'goldenStage']],
  ['spelling', ['correctSpelling']],
  ['embed', ['doEmbed', 'embedText']],
  ['rerank', ['doRerank', 'scoreCandidates']],
  ['select sources', ['selectPassages', 'buildSources', 'withWholeArticles', 'versionChoice']],
  ['compose answer', ['composeAnswer']],
  ['stream (AI SDK)', ['streamText', 'streamTextInternal', 'DefaultStreamTextResult']],
  ['query building (drizzle)', ['sqlToQuery', 'buildQueryFromSourceParams', 'queryRows']],
];

type ProfileNode = { id: number; callFrame: { functionName: string; url: string }; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

function stageShares(profile: Profile): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stageOf = new Map<string, string>(STAGES.flatMap(([stage, fns]) => fns.map((f) => [f, stage] as [string, string])));
  const memo = new Map<number, string>();
  const classify = (id: number): string => {
    const known = memo.get(id);
    if (known) return known;
    let stage = 'other';
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const frame = byId.get(cur)?.callFrame;
      const name = frame?.functionName ?? '';
      if (name === '(idle)' || name === '(program)') { stage = 'idle'; break; }
      if (name === '(garbage collector)') { stage = 'garbage collection'; break; }
      const found = stageOf.get(name) ?? LIBRARIES.find(([fragment]) => frame?.url.includes(fragment))?.[1];
      if (found) { stage = found; break; }
    }
    memo.set(id, stage);
    return stage;
  };
  const time = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const stage = classify(id);
    time.set(stage, (time.get(stage) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  time.delete('idle');
  time.delete('profiler');
  return time;
}

async function main() {
  const { values } = parseArgs({ options: { questions: { type: 'string', default: '1000' }, rounds: { type: 'string', default: '2' }, 'data-dir': { type: 'string' } } });
  const limit = Number(values.questions);
  const rounds = Number(values.rounds);
  if (!Number.isInteger(limit) || limit < 1 || !Number.isInteger(rounds) || rounds < 1) throw new Error('--questions and --rounds take whole numbers ≥ 1');
  const config = getConfig();
  if (config.model.provider !== 'local') console.log('Note: a model provider is configured; this bench measures the built-in models only (the answers here use them).');

  const dataDir = values['data-dir'];
  console.log(`Ingesting content/articles into ${dataDir ? `a PGlite in ${dataDir}` : 'an in-memory PGlite'} and seeding the demo golden answers…`);
  const { database, deps, questions: all } = await openDemoAnswerer(dataDir ? { dataDir } : {});
  try {
    const questions = all.slice(0, limit);

    const answerAll = async (): Promise<number[]> => {
      const cpu: number[] = [];
      for (const q of questions) {
        const before = process.cpuUsage();
        await answerTurn(deps, { question: q.question, history: [], signedIn: false }, { text: () => {} });
        const used = process.cpuUsage(before);
        cpu.push((used.user + used.system) / 1000);
      }
      return cpu;
    };
    // Warm-up rounds: the first answers pay one-off costs (compiling, caches filling).
    for (let r = 1; r < rounds; r++) await answerAll();
    const cpu = await answerAll();

    // A second measured round under the profiler, for the stage shares only (sampling slows it down).
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 250 });
    await session.post('Profiler.start');
    await answerAll();
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();

    const mean = cpu.reduce((a, b) => a + b, 0) / cpu.length;
    console.log(`\nCPU per answer over ${cpu.length} golden-set questions (built-in models, PGlite in process):`);
    console.log(`  p50 ${percentile(cpu, 50).toFixed(1)} ms   p95 ${percentile(cpu, 95).toFixed(1)} ms   mean ${mean.toFixed(1)} ms\n`);
    const shares = stageShares(profile as unknown as Profile);
    const total = [...shares.values()].reduce((a, b) => a + b, 0) || 1;
    const rows = [...shares].sort((a, b) => b[1] - a[1]);
    const width = Math.max(...rows.map(([s]) => s.length), 5);
    console.log(`${'stage'.padEnd(width)}  share   ≈ ms per answer`);
    for (const [stage, us] of rows) console.log(`${stage.padEnd(width)}  ${((100 * us) / total).toFixed(1).padStart(5)} %  ${((mean * us) / total).toFixed(1).padStart(6)}`);
    const cpus = os.cpus();
    console.log(`\nShares from a sampling profile of a second round (every 250 µs); ms per answer = share × the mean above.`);
    console.log(`Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'cpu'}, Node ${process.version}.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
