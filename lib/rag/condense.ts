import { contentTerms } from '@/lib/ai/local/text';

export type Turn = { role: 'user' | 'assistant'; content: string };

// Openers that mark a message as leaning on the previous one, in our four languages.
const FOLLOW_UP_CUE = /^(and|what about|how about|also|same|und|was ist mit|wie ist es mit|auch|et|qu'en est-il|pareil|aussi|e|anche|invece|lo stesso)\b/i;

/**
 * Turns a follow-up into a standalone search query without a language model: when the message
 * is short or opens like a follow-up ("and on the box 3?"), the customer's previous question is
 * prepended, so retrieval sees the topic the follow-up refers to. Self-contained messages pass
 * through unchanged. (With an LLM configured, the chat condenses with the model instead.)
 */
export function condenseLocally(question: string, history: Turn[] = []): string {
  const previous = [...history].reverse().find((t) => t.role === 'user')?.content;
  if (!previous) return question;
  const isShort = contentTerms(question, undefined).length <= 4;
  return isShort || FOLLOW_UP_CUE.test(question.trim()) ? `${previous} ${question}` : question;
}
