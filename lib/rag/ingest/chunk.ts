import GithubSlugger from 'github-slugger';
import { atxHeading } from './heading';

/**
 * Heading-aware chunking. The body is cut into sections at headings; each section into units
 * that must stay whole (sentences, list items, table rows, code blocks); units are packed into
 * chunks of at most maxChars, and the last sentence of a chunk is repeated at the start of the
 * next one in the same section, so a fact spanning the cut is retrievable from either side.
 */

export type Chunk = {
  ordinal: number;
  headingPath: string; // "Set-up › Wi-Fi" (titles of the enclosing headings)
  anchor: string | null; // id of the nearest heading, as rehype-slug renders it
  content: string;
};

export type ChunkOptions = { lang?: string; maxChars?: number; overlapChars?: number };

export const CHUNKER_VERSION = 'chunker-v1';

type Section = { headings: string[]; anchor: string | null; lines: string[] };

const FENCE = /^\s*(?:```|~~~)/;

/** Strips inline markdown from a heading so the path reads as text (and slugs as rehype-slug does). */
function headingText(raw: string): string {
  return raw
    .replace(/!\[([^[\]]*)\]\([^()]*\)/g, '$1')
    .replace(/\[([^[\]]*)\]\([^()]*\)/g, '$1')
    .replace(/[*_`~]/g, '')
    .trim();
}

function splitSections(body: string): Section[] {
  const slugger = new GithubSlugger();
  const sections: Section[] = [{ headings: [], anchor: null, lines: [] }];
  const stack: { level: number; text: string }[] = [];
  let inFence = false;
  for (const line of body.split(/\r?\n/)) {
    if (FENCE.test(line)) inFence = !inFence;
    const match = inFence ? null : atxHeading(line);
    if (!match) {
      sections.at(-1)!.lines.push(line);
      continue;
    }
    const level = match.hashes.length;
    const text = headingText(match.text);
    while (stack.length > 0 && stack.at(-1)!.level >= level) stack.pop();
    stack.push({ level, text });
    sections.push({ headings: stack.map((h) => h.text), anchor: slugger.slug(text), lines: [] });
  }
  return sections.filter((s) => s.lines.some((l) => l.trim() !== ''));
}

/** Blocks separated by blank lines; fenced code stays one block whatever it contains. */
function blocks(lines: string[]): string[] {
  const result: string[] = [];
  let current: string[] = [];
  let inFence = false;
  const flush = () => {
    if (current.some((l) => l.trim() !== '')) result.push(current.join('\n').trim());
    current = [];
  };
  for (const line of lines) {
    if (FENCE.test(line)) inFence = !inFence;
    if (!inFence && line.trim() === '') flush();
    else current.push(line);
  }
  flush();
  return result;
}

// Intl.Segmenter has no abbreviation list: it would cut "z. B." or "Nr. 5" in two.
const ABBREVIATION = /(?:^|\s)(?:\p{L}|mr|mrs|ms|dr|prof|nr|no|st|ca|bzw|usw|etc|evtl|inkl|exkl|vgl|ggf|tel|max|min|env|cf|ex|art|ecc|sig|mme|mlle|resp|approx|incl|vs)\.$/iu;

function sentences(text: string, lang: string | undefined): string[] {
  const segmenter = new Intl.Segmenter(lang ?? 'en', { granularity: 'sentence' });
  const merged: string[] = [];
  for (const { segment } of segmenter.segment(text)) {
    const sentence = segment.trim();
    if (!sentence) continue;
    const previous = merged.at(-1);
    if (previous !== undefined && (ABBREVIATION.test(previous) || /^[\p{Ll}\d]/u.test(sentence))) {
      merged[merged.length - 1] = `${previous} ${sentence}`;
    } else {
      merged.push(sentence);
    }
  }
  return merged;
}

/** The units a block may be cut between: never inside a sentence, list item, row or code block. */
function units(block: string, lang: string | undefined): string[] {
  if (FENCE.test(block)) return [block];
  const lines = block.split('\n');
  if (lines.every((l) => /^\s*\|/.test(l))) return lines; // a table: one row per unit
  if (/^\s*(?:[-*+]|\d+[.)])\s/.test(lines[0]!)) {
    // A list: one item (with its continuation lines) per unit.
    const items: string[] = [];
    for (const line of lines) {
      if (/^\s*(?:[-*+]|\d+[.)])\s/.test(line) || items.length === 0) items.push(line);
      else items[items.length - 1] += `\n${line}`;
    }
    return items;
  }
  return sentences(lines.join(' '), lang);
}

export function chunkMarkdown(body: string, options: ChunkOptions = {}): Chunk[] {
  const maxChars = options.maxChars ?? 1000;
  const overlapChars = options.overlapChars ?? 200;
  const chunks: Chunk[] = [];
  for (const section of splitSections(body)) {
    const headingPath = section.headings.join(' › ');
    let current: string[] = [];
    let length = 0;
    let fresh = 0; // units in `current` not already emitted in the previous chunk
    const emit = () => {
      if (fresh === 0) return;
      chunks.push({ ordinal: chunks.length, headingPath, anchor: section.anchor, content: current.join('\n') });
      const last = current.at(-1)!;
      current = last.length <= overlapChars ? [last] : [];
      length = current.reduce((n, u) => n + u.length + 1, 0);
      fresh = 0;
    };
    for (const block of blocks(section.lines)) {
      for (const unit of units(block, options.lang)) {
        if (length + unit.length > maxChars && fresh > 0) emit();
        current.push(unit);
        length += unit.length + 1;
        fresh++;
      }
    }
    emit();
  }
  return chunks;
}
