'use client';

import { memo, type ComponentProps } from 'react';
import ReactMarkdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { rehypeImagesAsText } from '@/components/markdown/rehype-images-as-text';
import type { Citation } from '@/lib/domain/chat';
import { ChatLink } from './chat-link';
import { rehypeCitations } from './rehype-citations';

const EMPTY: Citation[] = [];

function MarkdownLink({ node, ...props }: ComponentProps<'a'> & { node?: unknown }) {
  void node;
  const isMarker = 'data-citation' in props;
  return (
    <ChatLink
      {...props}
      className={
        isMarker
          ? 'ml-0.5 inline-flex min-w-4 items-center justify-center rounded-sm bg-primary/15 px-1 text-[0.7rem] font-semibold leading-4 text-primary no-underline hover:bg-primary/25'
          : 'text-primary underline underline-offset-4'
      }
    />
  );
}

const COMPONENTS = { a: MarkdownLink };

/**
 * An answer's markdown, as the article pages render it (react-markdown: raw HTML is not
 * rendered; rehype-sanitize: no scripts, handlers or javascript: links; images as their alt
 * text), plus `[n]` citation markers as superscript links. Re-rendered as the text streams in.
 */
export const ChatMarkdown = memo(function ChatMarkdown({
  text,
  citations = EMPTY,
  citationLabel,
}: {
  text: string;
  citations?: readonly Citation[];
  citationLabel: string;
}) {
  return (
    <div className="chat-markdown space-y-3 break-words text-[0.95rem] leading-relaxed [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:text-[0.9em] [&_h1]:text-base [&_h1]:font-semibold [&_h2]:text-base [&_h2]:font-semibold [&_h3]:font-semibold [&_li+li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_sup]:top-[-0.4em] [&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:text-sm [&_td]:border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:bg-muted [&_th]:px-2 [&_th]:py-1 [&_th]:text-left [&_ul]:list-disc [&_ul]:pl-5">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[rehypeSanitize, rehypeImagesAsText, [rehypeCitations, { citations, label: citationLabel }]]}
        components={COMPONENTS}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
});
