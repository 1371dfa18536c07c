/**
 * An ATX heading line ("## Title ##") as its hashes and its text, or null. Read by a scan rather
 * than by `^(#{1,6})\s+(.+?)\s*(?:#+\s*)?$`, whose title and closing-sequence quantifiers can trade
 * characters: polynomial backtracking on a long line of spaces or hashes. Same result as that
 * expression on one line: the shortest non-empty title on the line such that only whitespace,
 * closing hashes and whitespace follow it.
 */
export function atxHeading(line: string): { hashes: string; text: string } | null {
  const n = line.length;
  let level = 0;
  while (level < n && line[level] === '#') level++;
  if (level < 1 || level > 6) return null;
  let spaces = 0;
  while (level + spaces < n && isSpace(line[level + spaces]!)) spaces++;
  if (spaces === 0) return null;
  // Where the closing sequence (whitespace, hashes, whitespace) starts.
  let close = n;
  while (close > 0 && isSpace(line[close - 1]!)) close--;
  while (close > 0 && line[close - 1] === '#') close--;
  while (close > 0 && isSpace(line[close - 1]!)) close--;
  // nextBreak[i - level]: the first line terminator at or after i (a title stays on its line).
  const nextBreak = new Array<number>(n - level + 1).fill(n);
  for (let i = n - 1; i >= level; i--) nextBreak[i - level] = isLineTerminator(line[i]!) ? i : nextBreak[i + 1 - level]!;
  // As many separating spaces as possible first; fewer only if no title is left after them.
  for (let k = spaces; k >= 1; k--) {
    const start = level + k;
    const end = Math.max(start + 1, close);
    if (end <= n && nextBreak[start - level]! >= end) return { hashes: line.slice(0, level), text: line.slice(start, end) };
  }
  return null;
}

function isSpace(ch: string): boolean {
  return /\s/.test(ch);
}

function isLineTerminator(ch: string): boolean {
  return ch === '\n' || ch === '\r' || ch === '\u2028' || ch === '\u2029';
}
