import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from '@/components/article/markdown';
import { ChatMarkdown } from '@/components/chat/chat-markdown';

/** Markdown that tries every way to make a reader's browser fetch a remote image. */
const HOSTILE = [
  'Before ![tracking pixel](https://evil.example/t.png?u=anna) after.',
  '',
  '<img src="https://evil.example/raw.png" alt="raw">',
  '',
  'Inline <img src=https://evil.example/inline.png> html.',
  '',
  '[![linked](https://evil.example/linked.png)](https://evil.example/go)',
  '',
  '![ref image][pixel]',
  '',
  '[pixel]: https://evil.example/ref.png',
  '',
  '![](//evil.example/protocol-relative.png)',
].join('\n');

const renderers = {
  article: () => renderToStaticMarkup(<Markdown>{HOSTILE}</Markdown>),
  chat: () => renderToStaticMarkup(<ChatMarkdown text={HOSTILE} citationLabel="Source {n}: {title}" />),
};

describe.each(Object.entries(renderers))('%s markdown', (_, render) => {
  it('renders no element that loads anything: no <img>, no src or srcset attribute', () => {
    const html = render();
    expect(html).not.toMatch(/<img\b/i);
    // Raw HTML stays text (escaped), so "<img src=…" may appear as words, never as a tag's attribute.
    expect(html).not.toMatch(/<[a-z][^>]*\s(src|srcset|poster)=/i);
    for (const file of ['t.png', 'raw.png', 'linked.png', 'ref.png', 'protocol-relative.png']) {
      expect(html).not.toMatch(new RegExp(`(href|src)="[^"]*${file.replace('.', '\\.')}`));
    }
  });

  it('keeps the alt text in place of each markdown image', () => {
    const html = render();
    for (const alt of ['tracking pixel', 'linked', 'ref image']) expect(html).toContain(`<span class="markdown-image-alt">${alt}</span>`);
    expect(html).toContain('Before <span class="markdown-image-alt">tracking pixel</span> after.');
  });
});
