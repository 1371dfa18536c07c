import { describe, expect, it } from 'vitest';
import { runRows } from './run-detail';

describe('one run, question by question', () => {
  it('marks an answer right only when every key fact was stated, and names the missing ones', () => {
    const rows = runRows('answers', [
      { id: 'q1', lang: 'de', answerable: true, outcome: 'answered', text: 'CHF 3', facts: ['CHF 3'], missingFacts: [] },
      { id: 'q2', lang: 'it', answerable: true, outcome: 'answered', text: 'Zone 4', facts: ['0.15', 'Zone 1'], missingFacts: ['0.15'] },
      { id: 'q3', lang: 'en', answerable: true, outcome: 'no_answer', text: "I don't know" },
      { notAResult: true },
    ], { questions: new Map([['q1', 'Gibt es Gebühren für die Papierrechnung?']]) });
    expect(rows.map((r) => [r.id, r.right])).toEqual([['q1', true], ['q2', false], ['q3', false]]);
    expect(rows[0]!.question).toBe('Gibt es Gebühren für die Papierrechnung?');
    expect(rows[1]!.side.label).toContain('missing: 0.15');
  });

  it('scores a dialog by its last turn and names every failed check', () => {
    const [row] = runRows('dialogs', [
      {
        id: 'd-en-003', lang: 'en', lastPass: false, allPass: false,
        turns: [
          { user: 'How do I restart my router?', seen: { text: 'Which one?' }, checks: [{ check: 'outcome', pass: true, detail: 'outcome clarify' }] },
          { user: 'Box 3', seen: { text: 'IPv6 …' }, checks: [{ check: 'cites', pass: false, detail: 'cited ipv6-en' }] },
        ],
      },
    ]);
    expect(row).toMatchObject({ id: 'd-en-003', right: false, question: 'How do I restart my router? → Box 3' });
    expect(row!.side.label).toBe('turn 2 cites: cited ipv6-en');
  });

  it('refuses a kind without per-question results', () => {
    expect(() => runRows('pairwise', [])).toThrow(/no per-question results/);
  });
});
