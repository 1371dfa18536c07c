import { fold } from './text';

/**
 * Markdown tables as the built-in model reads them: a header row and data rows of cells. A
 * question about one item is answered by that item's row under the header, not the whole table;
 * and when a row only links the question to a key ("Italy" → "Zone 1"), the table keyed by it
 * gives the figures (the "Zone 1" column of the price table).
 */

export type Table = { header: string[]; rows: string[][] };

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());
}

const SEPARATOR = /^\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?$/;

/** The lines of one Markdown table; null when they are not one (no separator under the header). */
export function parseTable(lines: string[]): Table | null {
  if (lines.length < 2 || !SEPARATOR.test(lines[1]!.trim())) return null;
  return { header: cells(lines[0]!), rows: lines.slice(2).map(cells) };
}

export function renderTable(table: Table): string {
  const line = (row: string[]) => `| ${row.join(' | ')} |`;
  return [line(table.header), line(table.header.map(() => '---')), ...table.rows.map(line)].join('\n');
}

function key(text: string): string {
  return fold(text).replace(/[*_`]/g, '').replace(/\s+/g, ' ').trim();
}

/** A first cell short enough to be a key others refer to ("Zone 1", "Wave Mobile M"). */
export function rowKey(row: string[]): string | null {
  const first = key(row[0] ?? '');
  return first && first.split(' ').length <= 4 ? first : null;
}

/**
 * What another table says about a key: its column headed by the key (with the row labels), or
 * its row starting with the key (with the header). Null when the table does not mention the key.
 */
export function linkedPart(table: Table, rowKeyText: string): Table | null {
  const column = table.header.findIndex((h, i) => i > 0 && key(h) === rowKeyText);
  if (column > 0) {
    return { header: [table.header[0] ?? '', table.header[column]!], rows: table.rows.map((r) => [r[0] ?? '', r[column] ?? '']) };
  }
  const rows = table.rows.filter((r) => key(r[0] ?? '') === rowKeyText);
  return rows.length > 0 ? { header: table.header, rows } : null;
}

/** Two tables with the same column headings list the same kind of thing (one per section). */
export function sameHeader(a: Table, b: Table): boolean {
  return a.header.length === b.header.length && a.header.every((h, i) => key(h) === key(b.header[i] ?? ''));
}
