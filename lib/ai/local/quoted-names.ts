import { fold } from './text';

/** How help articles quote each other's titles: «Title», “Title”, "Title", [Title](link). */
const TITLE_QUOTES: [open: string, close: string][] = [['«', '»'], ['“', '”'], ['"', '"'], ['[', ']']];

/** The names a text quotes, folded and trimmed (scanned with indexOf: linear on any text). */
export function quotedNames(text: string): Set<string> {
  const named = new Set<string>();
  for (const [open, close] of TITLE_QUOTES) {
    for (let start = text.indexOf(open); start !== -1; ) {
      const end = text.indexOf(close, start + 1);
      if (end === -1) break;
      named.add(fold(text.slice(start + 1, end)).trim());
      start = text.indexOf(open, end + 1);
    }
  }
  return named;
}
