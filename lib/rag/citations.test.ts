import { describe, expect, it } from 'vitest';
import { CitationFilter } from './citations';

/** Feeds the chunks one by one and flushes; returns everything shown plus the filter's state. */
function filter(chunks: string[], valid: number[]) {
  const f = new CitationFilter(new Set(valid));
  const pushed = chunks.map((c) => f.push(c));
  const flushed = f.flush();
  return { text: pushed.join('') + flushed, pushed, flushed, cited: f.citedSources, hasValidCitation: f.hasValidCitation };
}

const run = (text: string, valid: number[]) => filter([text], valid);

/** Deterministic PRNG (mulberry32), so a failing chunking can be reproduced from its seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomChunks(text: string, seed: number): string[] {
  const next = random(seed);
  const chunks: string[] = [];
  let i = 0;
  while (i < text.length) {
    const size = 1 + Math.floor(next() * 7);
    chunks.push(text.slice(i, i + size));
    i += size;
  }
  return chunks;
}

describe('CitationFilter: renumbering and removal', () => {
  it('renumbers valid citations in order of first use', () => {
    const r = run('Restart the Box [3]. Then wait 30 seconds [1]. Done [3].', [1, 2, 3]);
    expect(r.text).toBe('Restart the Box [1]. Then wait 30 seconds [2]. Done [1].');
    expect(r.cited).toEqual([3, 1]);
    expect(r.hasValidCitation).toBe(true);
  });

  it('removes a citation of a source that was not given, together with the space before it', () => {
    const r = run('The fee is CHF 20 [9]. It is waived once [2].', [1, 2]);
    expect(r.text).toBe('The fee is CHF 20. It is waived once [1].');
    expect(r.cited).toEqual([2]);
  });

  it('expands lists of citations ([1, 3] and [1;3]) into separate renumbered markers', () => {
    expect(run('Fact one [2, 3]. Fact two [3;2].', [1, 2, 3]).text).toBe('Fact one [1][2]. Fact two [2][1].');
    expect(run('Fact [ 2 ].', [2]).text).toBe('Fact [1].');
  });

  it('keeps adjacent markers ([1][3]) adjacent', () => {
    const r = run('Both say so [1][3].', [1, 2, 3]);
    expect(r.text).toBe('Both say so [1][2].');
    expect(r.cited).toEqual([1, 3]);
  });

  it('drops only the invalid numbers of a list and de-duplicates the rest', () => {
    expect(run('Mixed [1, 9]. Repeated [2, 2].', [1, 2]).text).toBe('Mixed [1]. Repeated [2].');
    // [9][1]: the invalid marker and its space go, the valid one takes its place.
    expect(run('Stated here [9][1].', [1]).text).toBe('Stated here[1].');
  });

  it('lists cited sources in the order the customer sees them, each once', () => {
    const r = run('a [4]. b [2]. c [4]. d [5, 2]. e [7].', [2, 4, 5]);
    expect(r.cited).toEqual([4, 2, 5]);
    expect(r.text).toBe('a [1]. b [2]. c [1]. d [3][2]. e.');
  });
});

describe('CitationFilter: brackets that are not citations', () => {
  const text = 'Details [see below] and option [x] are in [the article](/articles/a) [1].';

  it('passes them through unchanged once the answer is released', () => {
    expect(run(text, [1]).text).toBe('Details [see below] and option [x] are in [the article](/articles/a) [1].');
  });

  it('passes them through unchanged after the first citation too', () => {
    const r = run('Fact [1]. Then [see below], [x] and [text](/articles/a).', [1]);
    expect(r.text).toBe('Fact [1]. Then [see below], [x] and [text](/articles/a).');
  });

  it('does not treat out-of-range or empty brackets as citations', () => {
    expect(run('Fact [1]. Codes [1000], [] and [1,,2] stay.', [1, 2]).text).toBe('Fact [1]. Codes [1000], [] and [1,,2] stay.');
  });

  // Some models write wiki-style double brackets. The outer '[' aborts the pending marker and is
  // emitted as text, but the inner '[' is then not taken as the start of a new marker: the
  // citation is lost and, when it is the only one, the whole answer is suppressed.
  it('recognises a citation inside double brackets ([[2]])', () => {
    const r = run('Restart the Box [[2]].', [1, 2]);
    expect(r.hasValidCitation).toBe(true);
    expect(r.cited).toEqual([2]);
    expect(r.text).toBe('Restart the Box [[1]].');
  });
});

describe('CitationFilter: holding back until the first valid citation', () => {
  it('yields nothing for an answer with no valid citation', () => {
    for (const text of ['I do not know.', 'Only an invalid one [9].', 'An unfinished one [1', 'Brackets [see below] only.']) {
      const r = filter([...text], [1]);
      expect(r.text, text).toBe('');
      expect(r.pushed.every((p) => p === ''), text).toBe(true);
      expect(r.hasValidCitation, text).toBe(false);
      expect(r.cited, text).toEqual([]);
    }
  });

  it('releases nothing before the first valid citation, then everything held in one go', () => {
    const text = 'Hold the button [9] for 3 seconds [2]. Then wait [1].';
    const r = filter([...text], [1, 2]);
    const end = text.indexOf('[2]') + '[2]'.length - 1; // the ']' that completes the first valid citation
    expect(r.pushed.slice(0, end).every((p) => p === '')).toBe(true);
    expect(r.pushed[end]).toBe('Hold the button for 3 seconds [1]');
    expect(r.text).toBe('Hold the button for 3 seconds [1]. Then wait [2].');
  });

  it('streams the rest as it comes once released, holding only whitespace that may precede a marker', () => {
    const f = new CitationFilter(new Set([1]));
    expect(f.push('The answer')).toBe('');
    expect(f.push(' is here [1')).toBe('');
    expect(f.push(']')).toBe('The answer is here [1]');
    expect(f.push('. More')).toBe('. More');
    expect(f.push(' text ')).toBe(' text');
    expect(f.push('[7] end')).toBe(' end');
    expect(f.flush()).toBe('');
  });

  it('drops an unfinished marker and trailing whitespace at the end', () => {
    expect(run('Fact [1]. Unfinished [2', [1, 2]).text).toBe('Fact [1]. Unfinished');
    expect(run('Fact [1]   \n', [1]).text).toBe('Fact [1]');
  });

  it('keeps line breaks before a valid marker', () => {
    expect(run('| a | b |\n\n[1]\n\nNext', [1]).text).toBe('| a | b |\n\n[1]\n\nNext');
  });
});

describe('CitationFilter: markers split across deltas', () => {
  const cases: [string, number[]][] = [
    ['Restart it [3]. Then wait [1]. Invalid [9] gone, list [1, 3] and pair [1][3].', [1, 2, 3]],
    ['No valid citation [7] in here [see below].', [1]],
    ['[2] First. Link [text](/articles/a) [x] [ 2 ; 1 ]   \n\nTail [1', [1, 2]],
    ['Prices: CHF 20 [12]. Zone [1,9]. Done [12].', [1, 12]],
  ];

  for (const [text, valid] of cases) {
    const whole = run(text, valid);

    it(`gives the same output at every split point: ${JSON.stringify(text)}`, () => {
      for (let i = 0; i <= text.length; i++) {
        const r = filter([text.slice(0, i), text.slice(i)], valid);
        expect(r.text, `split at ${i}`).toBe(whole.text);
        expect(r.cited, `split at ${i}`).toEqual(whole.cited);
      }
    });

    it(`gives the same output one character at a time and in random chunkings: ${JSON.stringify(text)}`, () => {
      expect(filter([...text], valid).text).toBe(whole.text);
      for (let seed = 1; seed <= 50; seed++) {
        const chunks = randomChunks(text, seed);
        expect(chunks.join('')).toBe(text);
        const r = filter(chunks, valid);
        expect(r.text, `seed ${seed}`).toBe(whole.text);
        expect(r.cited, `seed ${seed}`).toEqual(whole.cited);
        expect(r.hasValidCitation, `seed ${seed}`).toBe(whole.hasValidCitation);
      }
    });
  }

  it('expected outputs of the split cases (so the equality above is not vacuous)', () => {
    expect(run(cases[0]![0], cases[0]![1]).text).toBe('Restart it [1]. Then wait [2]. Invalid gone, list [2][1] and pair [2][1].');
    expect(run(cases[1]![0], cases[1]![1]).text).toBe('');
    expect(run(cases[2]![0], cases[2]![1]).text).toBe('[1] First. Link [text](/articles/a) [x] [1][2]   \n\nTail');
    expect(run(cases[3]![0], cases[3]![1]).text).toBe('Prices: CHF 20 [1]. Zone [2]. Done [1].');
  });
});
