import { describe, expect, it } from 'vitest';
import { chunkMarkdown } from './chunk';

const article = `Intro paragraph about the box. It has two sentences.

## Restart the box

Unplug the power cable. Wait 30 seconds. Plug it back in.

### If the light stays red

Call us on 0800 123 456. Have your customer number ready.

## Restart the box

A second section with the same title.
`;

describe('chunkMarkdown', () => {
  it('keeps heading paths and rehype-slug style anchors, including duplicates', () => {
    const chunks = chunkMarkdown(article);
    expect(chunks.map((c) => [c.headingPath, c.anchor])).toEqual([
      ['', null],
      ['Restart the box', 'restart-the-box'],
      ['Restart the box › If the light stays red', 'if-the-light-stays-red'],
      ['Restart the box', 'restart-the-box-1'],
    ]);
    expect(chunks[2]!.content).toBe('Call us on 0800 123 456.\nHave your customer number ready.');
  });

  it('never cuts a sentence and overlaps by the last sentence', () => {
    const sentence = (i: number) => `Sentence number ${i} is here to fill some space in the chunk.`;
    const body = `## Long\n\n${Array.from({ length: 40 }, (_, i) => sentence(i)).join(' ')}`;
    const chunks = chunkMarkdown(body, { maxChars: 300 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.content.length).toBeLessThanOrEqual(300 + 70);
      for (const line of chunk.content.split('\n')) expect(line).toMatch(/^Sentence number \d+ is here to fill some space in the chunk\.$/);
    }
    // Each chunk starts with the sentence the previous one ended with.
    for (let i = 1; i < chunks.length; i++) {
      expect(chunks[i]!.content.split('\n')[0]).toBe(chunks[i - 1]!.content.split('\n').at(-1));
    }
    const all = new Set(chunks.flatMap((c) => c.content.split('\n')));
    expect(all.size).toBe(40);
  });

  it('keeps code blocks, list items and table rows whole, and ignores # inside code', () => {
    const body = ['## Setup', '', '```', '# not a heading', 'echo hi', '```', '', '- first item', '  continued', '- second item', '', '| a | b |', '| 1 | 2 |'].join('\n');
    const [chunk, ...rest] = chunkMarkdown(body);
    expect(rest).toEqual([]);
    expect(chunk!.headingPath).toBe('Setup');
    expect(chunk!.content).toContain('```\n# not a heading\necho hi\n```');
    expect(chunk!.content).toContain('- first item\n  continued');
    expect(chunk!.content).toContain('| 1 | 2 |');
  });

  it('splits sentences in German without cutting at abbreviations like "z. B."', () => {
    const chunks = chunkMarkdown('## Tipp\n\nStarten Sie z. B. das Modem neu. Danach warten Sie zwei Minuten.', { lang: 'de', maxChars: 40 });
    expect(chunks.map((c) => c.content.split('\n')[0])).toContain('Starten Sie z. B. das Modem neu.');
  });
});
