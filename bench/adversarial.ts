/**
 * npm run bench:adversarial [-- --messages 3000] [--seed 12] [--target 50]
 *
 * CPU time of the chat's per-message functions (language detection, route, account-request
 * recogniser, condenser, golden-match similarity, embedding, spelling correction with a fake
 * lexicon, availability check, the local model's extractive answer) over a generated set of
 * adversarial messages up to the message limit: the rules' own keywords repeated, long runs of
 * whitespace, punctuation and line breaks, other scripts, arbitrary code points — plus the
 * 1,995-character message that once froze the server. Deterministic (seeded). Prints the worst,
 * p50 and p99 CPU time per message for each function and for the whole path, and the worst
 * message; exits non-zero when the worst whole-path time exceeds the target.
 */
import { parseArgs } from 'node:util';
import { adversarialSet, cpuMs, HOT_PATH, WARM_UP } from '@/lib/chat/adversarial';
import { percentile } from '@/lib/eval/metrics';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '3000' },
    seed: { type: 'string', default: '12' },
    target: { type: 'string', default: '50' },
  },
});
const count = Number(values.messages);
const targetMs = Number(values.target);

function preview(message: string): string {
  const shown = JSON.stringify(message.length > 120 ? `${message.slice(0, 120)}…` : message);
  return `${shown} (${message.length} chars)`;
}

async function main() {
  const messages = adversarialSet(count, Number(values.seed));
  // Warm-up: the first calls pay for JIT compilation and lazy data (date parsers, stemmers,
  // franc's trigrams), once per process; ordinary requests in every language, then a few of the set.
  for (const m of [...WARM_UP, ...WARM_UP.map((w) => ` ${w}`), ...messages.slice(0, 20)]) {
    for (const step of HOT_PATH) await step.run(m);
  }

  const times = new Map(HOT_PATH.map((s) => [s.name, [] as number[]]));
  const totals: number[] = [];
  const worst = new Map<string, { ms: number; message: string }>();
  for (const message of messages) {
    let total = 0;
    for (const step of HOT_PATH) {
      const ms = await cpuMs(() => step.run(message));
      times.get(step.name)!.push(ms);
      total += ms;
      if (ms > (worst.get(step.name)?.ms ?? -1)) worst.set(step.name, { ms, message });
    }
    totals.push(total);
    if (total > (worst.get('total')?.ms ?? -1)) worst.set('total', { ms: total, message });
  }

  const lengths = messages.map((m) => m.length);
  console.log(`${messages.length} adversarial messages (seed ${values.seed}), ${Math.min(...lengths)}–${Math.max(...lengths)} characters, median ${percentile(lengths, 50)}`);
  console.log('CPU time per message (ms):');
  const row = (name: string, list: number[]) =>
    `  ${name.padEnd(14)} worst ${Math.max(...list).toFixed(2).padStart(7)}   p99 ${percentile(list, 99).toFixed(2).padStart(6)}   p50 ${percentile(list, 50).toFixed(2).padStart(6)}`;
  for (const step of HOT_PATH) console.log(row(step.name, times.get(step.name)!));
  console.log(row('total', totals));
  console.log('Worst message:');
  for (const [name, w] of worst) console.log(`  ${name.padEnd(14)} ${w.ms.toFixed(2).padStart(7)} ms  ${preview(w.message)}`);

  const worstTotal = Math.max(...totals);
  console.log(`Worst case ${worstTotal.toFixed(1)} ms of CPU per message; target < ${targetMs} ms: ${worstTotal < targetMs ? 'met' : 'NOT MET'}`);
  if (worstTotal >= targetMs) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
