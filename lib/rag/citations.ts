/**
 * The citation check, applied to the answer as it streams. Every [n] must name a source that
 * was passed to the generator: valid ones are renumbered in order of first use ([1], [2], …
 * as the customer reads them), invalid ones are removed. Nothing is released until the first
 * valid citation has appeared, so an answer that never cites a source is never shown: the
 * caller replaces it with the no-answer reply.
 */

const CITATION = /^\[\s*\d{1,3}(?:\s*[,;]\s*\d{1,3})*\s*\]$/;
const MAX_MARKER = 24;

export class CitationFilter {
  private space = '';
  private marker = '';
  private held = '';
  private released = false;
  private readonly display = new Map<number, number>();

  constructor(private readonly validSources: ReadonlySet<number>) {}

  /** Original source numbers, in the order the customer sees them cited. */
  get citedSources(): number[] {
    return [...this.display.entries()].sort((a, b) => a[1] - b[1]).map(([n]) => n);
  }

  get hasValidCitation(): boolean {
    return this.display.size > 0;
  }

  /** Feeds a delta; returns the text that may be shown now (possibly empty). */
  push(delta: string): string {
    let out = '';
    for (const char of delta) out += this.consume(char);
    return this.emit(out);
  }

  /**
   * At the end of an answer that may stand without a citation (it reports account data): the
   * held text, with any invalid markers already removed.
   */
  releaseUncited(): string {
    this.space = '';
    this.marker = '';
    if (this.released) return '';
    this.released = true;
    const all = this.held;
    this.held = '';
    return all.trimEnd();
  }

  /** At the end of the answer: the rest, or '' when no valid citation ever appeared. */
  flush(): string {
    // An unfinished marker at the very end is dropped; trailing whitespace is not worth keeping.
    this.space = '';
    this.marker = '';
    return this.emit('', true);
  }

  private emit(text: string, final = false): string {
    if (this.released) return text;
    this.held += text;
    if (!this.hasValidCitation) return '';
    this.released = true;
    const all = this.held;
    this.held = '';
    return final ? all.trimEnd() : all;
  }

  private consume(char: string): string {
    if (this.marker) {
      this.marker += char;
      if (char === ']') return this.resolveMarker();
      if (char === '[') {
        // "[[2]]" or "[9 [2]": the first bracket was text; a marker starts here.
        const text = this.space + this.marker.slice(0, -1);
        this.space = '';
        this.marker = '[';
        return text;
      }
      if (!/[\d\s,;]/.test(char) || this.marker.length > MAX_MARKER) {
        const text = this.space + this.marker;
        this.space = '';
        this.marker = '';
        return text;
      }
      return '';
    }
    if (char === '[') {
      // Whitespace right before a marker stays pending: it goes if the marker is dropped.
      this.marker = '[';
      return '';
    }
    if (/\s/.test(char)) {
      this.space += char;
      return '';
    }
    const text = this.space + char;
    this.space = '';
    return text;
  }

  private resolveMarker(): string {
    const { space, marker } = this;
    this.space = '';
    this.marker = '';
    if (!CITATION.test(marker)) return space + marker;
    const numbers = (marker.match(/\d+/g) ?? []).map(Number).filter((n) => this.validSources.has(n));
    if (numbers.length === 0) return '';
    const shown = [...new Set(numbers)].map((n) => {
      if (!this.display.has(n)) this.display.set(n, this.display.size + 1);
      return `[${this.display.get(n)}]`;
    });
    return space + shown.join('');
  }
}
