import ReactMarkdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';
import { rehypeImagesAsText } from '@/components/markdown/rehype-images-as-text';

/**
 * Renders article markdown safely: raw HTML in the source is not rendered (react-markdown's
 * default), the tree is sanitised (no scripts, event handlers or javascript: links), images show
 * as their alt text (no remote requests), and only then do headings get their ids, matching the
 * anchors ingest stored for each chunk.
 */
export function Markdown({ children }: { children: string }) {
  return (
    <div className="article-body">
      <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize, rehypeImagesAsText, rehypeSlug]}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
