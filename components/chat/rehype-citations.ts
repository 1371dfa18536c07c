import type { Citation } from '@/lib/domain/chat';
import { isSitePath } from './chat-link';
import { fill } from './labels';

/** The slice of hast this plugin touches (kept local: no dependency on hast's type package). */
type HastText = { type: 'text'; value: string };
type HastElement = { type: 'element'; tagName: string; properties: Record<string, unknown>; children: HastNode[] };
type HastNode = HastText | HastElement | { type: string; children?: HastNode[] };
type HastParent = { children: HastNode[] };

export type RehypeCitationsOptions = { citations: readonly Citation[]; label: string };

const MARKER = /\[(\d{1,3})\]/g;
/** Markers inside these stay literal text. */
const SKIP = new Set(['a', 'code', 'pre']);

/**
 * Turns the answer's `[n]` markers into superscript links to citation n's article. Runs after
 * rehype-sanitize on the sanitised tree, so what it adds is the only markup not from markdown;
 * a marker with no matching citation (or an unsafe url) stays plain text.
 */
export function rehypeCitations(options: RehypeCitationsOptions) {
  const byNumber = new Map(options.citations.filter((c) => isSitePath(c.url)).map((c) => [c.n, c]));
  return (tree: HastParent) => {
    if (byNumber.size > 0) visit(tree);
  };

  function visit(parent: HastParent) {
    const next: HastNode[] = [];
    for (const child of parent.children) {
      if (child.type === 'text') next.push(...split((child as HastText).value));
      else {
        if ('children' in child && child.children && !(child.type === 'element' && SKIP.has((child as HastElement).tagName))) {
          visit(child as HastParent);
        }
        next.push(child);
      }
    }
    parent.children = next;
  }

  function split(value: string): HastNode[] {
    const out: HastNode[] = [];
    let last = 0;
    for (const match of value.matchAll(MARKER)) {
      const citation = byNumber.get(Number(match[1]));
      if (!citation) continue;
      if (match.index > last) out.push({ type: 'text', value: value.slice(last, match.index) });
      out.push(marker(citation));
      last = match.index + match[0].length;
    }
    if (last === 0) return [{ type: 'text', value }];
    if (last < value.length) out.push({ type: 'text', value: value.slice(last) });
    return out;
  }

  function marker(citation: Citation): HastElement {
    return {
      type: 'element',
      tagName: 'sup',
      properties: { className: ['chat-citation-marker'] },
      children: [
        {
          type: 'element',
          tagName: 'a',
          properties: {
            href: citation.url,
            ariaLabel: fill(options.label, { n: citation.n, title: citation.heading ? `${citation.title} – ${citation.heading}` : citation.title }),
            title: citation.heading ? `${citation.title} – ${citation.heading}` : citation.title,
            dataCitation: String(citation.n),
          },
          children: [{ type: 'text', value: String(citation.n) }],
        },
      ],
    };
  }
}
