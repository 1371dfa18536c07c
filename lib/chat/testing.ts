import { readUIMessageStream, type UIMessageChunk } from 'ai';
import type { ChatUIMessage } from '@/lib/domain/chat';

/** Test support: one chat turn's streamed answer, read to its end, as the tests check it. */
export type Reply = { text: string; outcome?: string; cited: string[]; suggestions: string[]; lang?: string; messageId: string };

export async function readReply(stream: ReadableStream<UIMessageChunk>): Promise<Reply> {
  let last: ChatUIMessage | undefined;
  for await (const message of readUIMessageStream<ChatUIMessage>({ stream })) last = message;
  const meta = last!.metadata!;
  return {
    text: last!.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join(''),
    outcome: meta.outcome,
    cited: (meta.citations ?? []).map((c) => c.documentId),
    suggestions: meta.suggestions ?? [],
    lang: meta.lang,
    messageId: meta.messageId!,
  };
}
