import { ExternalLink, FileText } from 'lucide-react';
import { useId } from 'react';
import type { Citation } from '@/lib/domain/chat';
import { ChatLink, isSitePath } from './chat-link';

/** A website source's page (the server builds citations from stored sources; a model writes none of them). */
function isWebPage(url: string): boolean {
  return /^https?:\/\/[^/\\]/i.test(url);
}

const CHIP = 'flex min-w-0 max-w-full items-center gap-2 rounded-lg border bg-background px-2.5 py-1.5 text-xs transition-colors hover:border-primary/60 hover:bg-accent';

/**
 * The answer's sources as chips: number, article title and section; each opens the article at
 * that heading — or, for a page of a website source, the page on that site in a new tab.
 */
export function CitationList({ citations, label }: { citations: readonly Citation[]; label: string }) {
  const id = useId();
  const safe = citations.filter((citation) => isSitePath(citation.url) || isWebPage(citation.url));
  if (safe.length === 0) return null;
  return (
    <div>
      <p id={id} className="mb-1.5 text-xs font-medium text-muted-foreground">
        {label}
      </p>
      <ul aria-labelledby={id} className="flex flex-wrap gap-2">
        {safe.map((citation) => {
          const chip = (
            <>
              <span className="inline-flex size-5 shrink-0 items-center justify-center rounded bg-primary/15 text-[0.7rem] font-semibold text-primary">
                {citation.n}
              </span>
              {isWebPage(citation.url) ? <ExternalLink aria-hidden className="size-3.5 shrink-0 text-muted-foreground" /> : <FileText aria-hidden className="size-3.5 shrink-0 text-muted-foreground" />}
              <span className="min-w-0 truncate">
                <span className="font-medium">{citation.title}</span>
                {citation.heading && <span className="text-muted-foreground"> · {citation.heading}</span>}
              </span>
            </>
          );
          return (
            <li key={`${citation.n}-${citation.url}`} className="min-w-0 max-w-full">
              {isWebPage(citation.url) ? (
                <a href={citation.url} target="_blank" rel="noopener noreferrer" data-testid="chat-citation" className={CHIP}>
                  {chip}
                </a>
              ) : (
                <ChatLink href={citation.url} data-testid="chat-citation" className={CHIP}>
                  {chip}
                </ChatLink>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
