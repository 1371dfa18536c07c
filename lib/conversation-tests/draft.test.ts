import { describe, expect, it } from 'vitest';
import type { TestCase } from './case';
import { caseOf, draftOf, EMPTY_CHECKS } from './draft';

/** The editor's form state and the stored case convert into each other without loss. */

const scripted: TestCase = {
  name: 'upgrade',
  group: 'account-write',
  lang: 'en',
  customer: 'anna.meier@example.ch',
  turns: [
    {
      user: 'please upgrade my internet to Wave Home 1000',
      expect: { outcome: ['approval'], tool: { name: 'change_plan', args: { planId: 'wave-home-1000' } }, approval: true, refuses: false, facts: ['CHF 79.00', ['10 seconds', 'ten seconds']], criterion: 'Names the new monthly price.' },
    },
    { event: 'customer_approves' },
    { user: 'What plans am I on now?', expect: { cites: ['a-en', 'b-en'], notFacts: ['Wave Home 100'], lang: 'en', golden: false } },
  ],
};

const simulated: TestCase = {
  name: 'simulated',
  group: 'sim',
  lang: 'de',
  customer: null,
  turns: [],
  simulation: { persona: 'Retired', goal: 'Restart the box', knows: 'Box 3', maxTurns: 5, expect: { handoff: false, criterion: 'Gives the steps.' } },
};

describe('test editor drafts', () => {
  it('round-trips a scripted case and a simulated one', () => {
    expect(caseOf(draftOf(scripted))).toEqual({ ok: true, test: scripted });
    expect(caseOf(draftOf(simulated))).toEqual({ ok: true, test: simulated });
  });

  it('says which turn has unreadable tool arguments, or arguments without a tool', () => {
    const draft = draftOf(scripted);
    const [first, event, third] = draft.turns;
    if (first?.kind !== 'user' || third?.kind !== 'user') throw new Error('fixture');
    const bad = { ...draft, turns: [{ ...first, checks: { ...first.checks, toolArgs: '{planId' } }, event!, { ...third, checks: { ...EMPTY_CHECKS, toolArgs: '{"a": 1}' } }] };
    expect(caseOf(bad)).toEqual({
      ok: false,
      problems: [
        { turn: 1, message: 'The tool arguments must be a JSON object, e.g. {"planId": "wave-home-1000"}.' },
        { turn: 3, message: 'Name the tool the arguments are for.' },
      ],
    });
  });
});
