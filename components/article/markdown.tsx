import ReactMarkdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';

/**
 * Renders article markdown safely: raw HTML in the source is not rendered (react-markdown's
 * default), the tree is sanitised (no scripts, event handlers or javascript: links), and only
 * then do headings get their ids, matching the anchors ingest stored for each chunk.
 */
export function Markdown({ children }: { children: string }) {
  return (
    <div className="article-body">
      <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize, rehypeSlug]}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
