import type { TranscriptEntry } from './run';

/**
 * The checks a transcript failed, as report lines: per customer turn (numbered among the turns,
 * events not counted, with the start of its message) and, for a simulated customer, on the whole
 * conversation. Shared by the JUnit report, the CLI and the demo suite's test.
 */
export function failureLines(transcript: readonly TranscriptEntry[]): string[] {
  let n = 0;
  return transcript.flatMap((t) => {
    if (t.kind === 'summary') return t.checks.filter((c) => !c.pass).map((c) => `whole conversation (${t.stoppedBecause}): ${c.check} failed — ${c.detail}`);
    if (t.kind !== 'turn') return [];
    n += 1;
    const turn = n;
    return t.checks.filter((c) => !c.pass).map((c) => `turn ${turn} (“${t.user.slice(0, 80)}”): ${c.check} failed — ${c.detail}`);
  });
}
