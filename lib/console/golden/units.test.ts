import { describe, expect, it } from 'vitest';
import { changesOf } from './history';
import { parseGoldenJsonl } from './jsonl';
import { listQuery } from './list';
import { goldenInputFromForm, splitList } from './schema';
import { parseThreshold } from './threshold';
import { goldenUse } from './try-it';

const snap = { id: 'a', lang: 'en', question: 'Q?', answer: 'A', source_ids: ['x'], tags: [] };

describe('golden console helpers', () => {
  it('lists only the fields an edit changed, and every field of a creation', () => {
    expect(changesOf({ before: snap, after: { ...snap, answer: 'B', tags: ['t'] } })).toEqual([
      { field: 'answer', label: 'Answer', before: 'A', after: 'B' },
      { field: 'tags', label: 'Tags', before: '—', after: 't' },
    ]);
    expect(changesOf({ before: null, after: snap }).map((c) => c.field)).toEqual(['lang', 'question', 'answer', 'source_ids', 'tags']);
    expect(changesOf({ before: snap, after: null }).every((c) => c.after === null)).toBe(true);
  });

  it('decides verbatim / source / none like the answer pipeline (0 always verbatim)', () => {
    const t = { threshold: 0.8, sourceThreshold: 0.5 };
    expect(goldenUse(null, t).use).toBe('none');
    expect(goldenUse({ score: 0.8, publicSources: 0 }, t).use).toBe('verbatim');
    expect(goldenUse({ score: 0.6, publicSources: 1 }, t).use).toBe('source');
    expect(goldenUse({ score: 0.6, publicSources: 0 }, t).use).toBe('none');
    expect(goldenUse({ score: 0.2, publicSources: 1 }, t).use).toBe('none');
    expect(goldenUse({ score: 0, publicSources: 0 }, { threshold: 0, sourceThreshold: 0.5 }).use).toBe('verbatim');
  });

  it('parses thresholds between 0 and 1 with two decimals at most', () => {
    expect(parseThreshold('0')).toEqual({ ok: true, value: 0 });
    expect(parseThreshold(' 0,75 ')).toEqual({ ok: true, value: 0.75 });
    expect(parseThreshold('.5')).toEqual({ ok: true, value: 0.5 });
    expect(parseThreshold('1.00')).toEqual({ ok: true, value: 1 });
    for (const bad of ['', ' ', '1.5', '-0', 'x', '0.333', '0x1', 'Infinity', null]) expect(parseThreshold(bad).ok).toBe(false);
  });

  it('reads form fields into the schema input', () => {
    const form = new FormData();
    form.set('id', 'g-1');
    form.set('lang', 'de');
    form.set('question', 'Frage?');
    form.set('answer', 'Antwort');
    form.set('sourceIds', 'a-en, b-en\nc-en  d-en');
    form.set('tags', 'box 5, modem,, ');
    form.set('facts', '0.15\n30 Tage | 30 days\n');
    expect(goldenInputFromForm(form)).toEqual({
      id: 'g-1', lang: 'de', question: 'Frage?', answer: 'Antwort', sourceIds: ['a-en', 'b-en', 'c-en', 'd-en'], tags: ['box 5', 'modem'], facts: ['0.15', ['30 Tage', '30 days']],
    });
    expect(splitList(' , ', { spaces: true })).toEqual([]);
  });

  it('joins a line’s problems into one readable reason', () => {
    const { errors } = parseGoldenJsonl(JSON.stringify({ id: 'Bad Id', lang: 'es', question: 'q', source_ids: [] }));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.reason).toMatch(/^answer: a golden answer needs an answer; id: .+\); lang: .+\); question: .+characters$/);
  });

  it('keeps list URLs short', () => {
    expect(listQuery({ q: 'a b', lang: 'en', page: 1 })).toBe('?q=a+b&lang=en');
    expect(listQuery({ tag: 'x', page: 3 })).toBe('?tag=x&page=3');
    expect(listQuery({})).toBe('');
  });
});
