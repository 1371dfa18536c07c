import { describe, expect, it } from 'vitest';
import { compareRuns, scoreAction, scoreAnswer, scoreRetrieval } from './compare';

describe('scoreRetrieval', () => {
  it('scores the reciprocal rank of the first relevant document in the top 10', () => {
    expect(scoreRetrieval({ relevantIds: ['x'], rankedIds: ['a', 'x'], abstained: false })).toMatchObject({ score: 0.5, label: 'rank 2' });
    expect(scoreRetrieval({ relevantIds: ['x'], rankedIds: ['a', 'a', 'x'], abstained: false })).toMatchObject({ score: 0.5 });
    const eleventh = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'x'];
    expect(scoreRetrieval({ relevantIds: ['x'], rankedIds: eleventh, abstained: false })).toMatchObject({ score: 0, label: 'rank 11' });
    expect(scoreRetrieval({ relevantIds: ['x'], rankedIds: [], abstained: true })).toMatchObject({ score: 0, label: 'not found, abstained' });
  });

  it('rewards abstaining on an unanswerable question', () => {
    expect(scoreRetrieval({ relevantIds: [], rankedIds: ['a'], abstained: true })).toMatchObject({ score: 1 });
    expect(scoreRetrieval({ relevantIds: [], rankedIds: ['a'], abstained: false })).toMatchObject({ score: 0 });
  });
});

describe('scoreAnswer', () => {
  const base = { answerable: true, expectedSourceIds: ['restart-box5-en'], lang: 'en', expectedAnswer: 'Hold the power button for 3 seconds.' };
  it('orders declined < clarify < answered elsewhere < answered citing the expected article (or its translation)', () => {
    const declined = scoreAnswer({ ...base, outcome: 'no_answer', text: "I don't know.", citedDocumentIds: [] });
    const clarify = scoreAnswer({ ...base, outcome: 'clarify', text: 'Box 3 or Box 5?', citedDocumentIds: [] });
    const elsewhere = scoreAnswer({ ...base, outcome: 'answered', text: 'See the manual [1].', citedDocumentIds: ['roaming-en'] });
    const right = scoreAnswer({ ...base, outcome: 'answered', text: 'Hold the power button [1].', citedDocumentIds: ['restart-box5-de'] });
    expect([declined.score, clarify.score, elsewhere.score, right.score]).toEqual([0, 1, 2, 3]);
    expect(right.label).toContain('expected article cited');
    expect(right.tiebreak).toBeGreaterThan(0);
  });

  it('with key facts, scores every fact stated above some above none, and names the missing ones', () => {
    const facts = ['0.15', ['turn off', 'switch off']];
    const all = scoreAnswer({ ...base, outcome: 'answered', text: 'x [1]', citedDocumentIds: ['x'], facts, missingFacts: [] });
    const some = scoreAnswer({ ...base, outcome: 'answered', text: 'x [1]', citedDocumentIds: ['x'], facts, missingFacts: [['turn off', 'switch off']] });
    const none = scoreAnswer({ ...base, outcome: 'answered', text: 'x [1]', citedDocumentIds: ['x'], facts, missingFacts: facts });
    expect([none.score, some.score, all.score]).toEqual([0, 1, 3]);
    expect(some.label).toBe('answered, facts 1/2, missing: turn off | switch off');
    expect(all.label).toBe('answered, facts 2/2');
  });

  it('rewards declining an unanswerable question', () => {
    expect(scoreAnswer({ answerable: false, outcome: 'no_answer', text: '' }).score).toBe(1);
    expect(scoreAnswer({ answerable: false, outcome: 'answered', text: 'Yes [1].' }).score).toBe(0);
  });
});

describe('scoreAction', () => {
  it('is right only with the right tool and arguments and no error', () => {
    expect(scoreAction({ toolCorrect: true, argsCorrect: true, actual: { toolName: 'get_bill' } })).toMatchObject({ score: 1, label: 'right: get_bill' });
    expect(scoreAction({ toolCorrect: true, argsCorrect: null, actual: null })).toMatchObject({ score: 1, label: 'right: no call' });
    expect(scoreAction({ toolCorrect: true, argsCorrect: false, actual: { toolName: 'change_plan' }, mismatches: ['planId'] })).toMatchObject({ score: 0, label: 'wrong: change_plan (planId)' });
    expect(scoreAction({ toolCorrect: false, argsCorrect: null, error: 'boom' })).toMatchObject({ score: 0, label: 'error: boom' });
  });
});

describe('compareRuns', () => {
  it('says per question whether B is better, worse or the same as A, and counts them', () => {
    const a = [
      { id: 'q1', lang: 'en', relevantIds: ['x'], rankedIds: ['a', 'x'], abstained: false },
      { id: 'q2', lang: 'de', relevantIds: ['y'], rankedIds: ['y'], abstained: false },
      { id: 'q3', lang: 'fr', relevantIds: ['z'], rankedIds: ['z'], abstained: false },
      { id: 'q4', lang: 'it', relevantIds: [], rankedIds: [], abstained: true },
    ];
    const b = [
      { id: 'q1', lang: 'en', relevantIds: ['x'], rankedIds: ['x'], abstained: false },
      { id: 'q2', lang: 'de', relevantIds: ['y'], rankedIds: ['b', 'c', 'y'], abstained: false },
      { id: 'q3', lang: 'fr', relevantIds: ['z'], rankedIds: ['z', 'q'], abstained: false },
      { id: 'q5', lang: 'en', relevantIds: ['w'], rankedIds: [], abstained: false },
    ];
    const { rows, counts } = compareRuns('retrieval', a, b, { questions: new Map([['q1', 'How do I restart my Box 5?']]) });
    expect(rows.map((r) => [r.id, r.verdict])).toEqual([
      ['q1', 'better'],
      ['q2', 'worse'],
      ['q3', 'same'],
      ['q4', 'only_a'],
      ['q5', 'only_b'],
    ]);
    expect(rows[0]).toMatchObject({ lang: 'en', question: 'How do I restart my Box 5?', a: { label: 'rank 2' }, b: { label: 'rank 1' } });
    expect(counts).toEqual({ better: 1, worse: 1, same: 1, only_a: 1, only_b: 1 });
  });

  it('breaks ties between two cited answers on token F1, with a margin', () => {
    const common = { id: 'q1', lang: 'en', answerable: true, outcome: 'answered', expectedSourceIds: ['d'], citedDocumentIds: ['d'], expectedAnswer: 'Hold the power button for three seconds, then wait thirty seconds.' };
    const better = compareRuns('answers', [{ ...common, text: 'Unplug it [1].' }], [{ ...common, text: 'Hold the power button for three seconds, then wait [1].' }]);
    expect(better.rows[0]!.verdict).toBe('better');
    const same = compareRuns('answers', [{ ...common, text: 'Hold the power button [1].' }], [{ ...common, text: 'Hold the power button [2].' }]);
    expect(same.rows[0]!.verdict).toBe('same');
  });

  it('refuses kinds without per-question scores', () => {
    expect(() => compareRuns('pairwise', [], [])).toThrow(/cannot be compared/);
  });
});
