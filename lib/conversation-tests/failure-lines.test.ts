import { describe, expect, it } from 'vitest';
import type { ObservedTurn } from '@/lib/eval/dialogs';
import { failureLines } from './failure-lines';
import type { TranscriptEntry } from './run';

const seen: ObservedTurn = { text: '', outcome: 'answered', lang: 'en', cited: [], approvals: [], tools: [], handoffOffered: false, handoffOpened: false };

describe('failure lines', () => {
  it('names each failed check with its turn (events not counted) or the whole conversation, and nothing that passed', () => {
    const transcript: TranscriptEntry[] = [
      { kind: 'turn', user: 'How do I restart my Box?', seen, checks: [{ check: 'facts', pass: true, detail: 'missing none' }] },
      { kind: 'event', event: 'customer_approves', afterTurn: 1, text: 'Done.' },
      {
        kind: 'turn',
        user: `Upgrade me ${'please '.repeat(20)}`,
        seen,
        checks: [
          { check: 'outcome', pass: false, detail: 'expected approval, got answered' },
          { check: 'lang', pass: true, detail: 'en' },
          { check: 'cites', pass: false, detail: 'cited nothing' },
        ],
      },
      { kind: 'summary', stoppedBecause: 'turn_limit', goalMet: false, checks: [{ check: 'handoff', pass: false, detail: 'no hand-off offered' }] },
    ];
    const start = `Upgrade me ${'please '.repeat(20)}`.slice(0, 80);
    expect(failureLines(transcript)).toEqual([
      `turn 2 (“${start}”): outcome failed — expected approval, got answered`,
      `turn 2 (“${start}”): cites failed — cited nothing`,
      'whole conversation (turn_limit): handoff failed — no hand-off offered',
    ]);
  });

  it('has no line for a transcript that passed or is empty', () => {
    expect(failureLines([])).toEqual([]);
    expect(failureLines([{ kind: 'turn', user: 'Hi', seen, checks: [{ check: 'facts', pass: true, detail: '' }] }])).toEqual([]);
  });
});
