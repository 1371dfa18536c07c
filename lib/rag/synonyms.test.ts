import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandQuery, parseSynonyms } from './synonyms';

describe('search synonyms (Solr format)', () => {
  it('reads equivalent and one-way rules, phrases, comments and blank lines', () => {
    const { rules, problems } = parseSynonyms('# modem words\nrouter, Modem => box\n\nbill, invoice   # same thing\nWLAN key => wi-fi password\n');
    expect(problems).toEqual([]);
    expect(rules).toEqual([
      { from: [['router'], ['modem']], to: [['box']] },
      { from: [['bill'], ['invoice']], to: [['bill'], ['invoice']] },
      { from: [['wlan', 'key']], to: [['wi', 'fi', 'password']] },
    ]);
  });

  it('reports lines it cannot read, with their numbers, and keeps the rest', () => {
    const { rules, problems } = parseSynonyms('router => box\nlonely\na => b => c\n => box\none two three four five => x');
    expect(rules).toHaveLength(1);
    expect(problems.map((p) => p.line)).toEqual([2, 3, 4, 5]);
    expect(problems[0]!.message).toMatch(/at least two words/);
  });

  it('widens a question by the rules that apply, one way only', () => {
    const { rules } = parseSynonyms('router, modem => box\nwlan key => wi-fi password');
    const restart = expandQuery('How do I restart my router?', rules, 'en');
    expect(restart.added).toEqual(['box']);
    expect(restart.text).toBe('How do I restart my router? box');
    expect(restart.alternatives).toEqual({ router: ['box'] });
    // One-way: "box" does not search "router".
    expect(expandQuery('How do I restart my Box 5?', rules, 'en').added).toEqual([]);
    // A phrase matches as consecutive words; every word of it gets the alternatives.
    const key = expandQuery('Where is my WLAN key?', rules, 'de');
    expect(key.added).toEqual(['wi fi password']);
    expect(key.alternatives.wlan).toEqual(expect.arrayContaining(['wi', 'fi']));
    expect(key.alternatives.wlan).toHaveLength(3);
    expect(key.alternatives).toHaveProperty('key');
    expect(expandQuery('my key to the WLAN', rules, 'en').added).toEqual([]);
  });

  it('adds nothing the question already says, and nothing without rules', () => {
    const { rules } = parseSynonyms('bill, invoice');
    expect(expandQuery('bill and invoice', rules, 'en').added).toEqual([]);
    expect(expandQuery('my bill', rules, 'en')).toMatchObject({ text: 'my bill invoice', added: ['invoice'] });
    expect(expandQuery('my router', [], 'en')).toEqual({ text: 'my router', alternatives: {}, added: [] });
  });
});

describe('the demo content’s synonyms file', () => {
  it('parses without problems, and takes a customer’s word to the articles’ word', () => {
    const { rules, problems } = parseSynonyms(fs.readFileSync(path.join('content', 'articles', 'synonyms.txt'), 'utf8'));
    expect(problems).toEqual([]);
    expect(expandQuery('Die Lichtleiste blinkt lila', rules, 'de').added).toEqual(['violett']);
  });
});
