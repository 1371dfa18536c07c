/** The slice of hast this plugin touches (kept local: no dependency on hast's type package). */
type HastNode = { type: string; tagName?: string; properties?: Record<string, unknown>; children?: HastNode[] };

/**
 * Chat answers and articles show no images: an image in an answer (from a model, a golden answer
 * or a poisoned source) would be fetched by every reader's browser, a tracking and exfiltration
 * channel. Each <img> becomes its alt text; the help center's articles have none. The CSP's
 * img-src 'self' (lib/http/security-headers.ts) is the second line.
 */
export function rehypeImagesAsText() {
  return (tree: HastNode) => visit(tree);
}

function visit(parent: HastNode) {
  if (!parent.children) return;
  parent.children = parent.children.flatMap((child): HastNode[] => {
    if (child.type === 'element' && child.tagName === 'img') {
      const alt = typeof child.properties?.alt === 'string' ? child.properties.alt.trim() : '';
      return alt ? [{ type: 'element', tagName: 'span', properties: { className: ['markdown-image-alt'] }, children: [{ type: 'text', value: alt } as HastNode] }] : [];
    }
    visit(child);
    return [child];
  });
}
