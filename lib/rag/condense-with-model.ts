import { generateText, type LanguageModel } from 'ai';
import { condenseLocally, type Turn } from './condense';

/**
 * With an LLM configured, follow-ups are rewritten by the model ("and on my phone?" → "How do
 * I set up voicemail on my phone?"), given the recent turns and a summary of earlier ones. Any
 * failure or an implausible rewrite falls back to the built-in rule, so a slow or broken model
 * never blocks the answer here.
 */
export async function condenseWithModel(
  model: LanguageModel,
  { question, history, earlier, timeoutMs, abortSignal }: { question: string; history: Turn[]; earlier: string[]; timeoutMs: number; abortSignal?: AbortSignal },
): Promise<{ standalone: string; by: 'model' | 'rule' | 'none' }> {
  if (!history.some((t) => t.role === 'user')) return { standalone: question, by: 'none' };
  const transcript = history
    .slice(-6)
    .map((t) => `${t.role === 'user' ? 'Customer' : 'Assistant'}: ${t.content.slice(0, 600)}`)
    .join('\n');
  const summary = earlier.length ? `Earlier in this conversation the customer asked: ${earlier.map((q) => `“${q.slice(0, 120)}”`).join('; ')}\n\n` : '';
  try {
    const { text } = await generateText({
      model,
      system:
        'Rewrite the customer’s last message as one standalone question that can be understood without the conversation. Keep its language and meaning; add only what the conversation makes clear. If it already stands alone, return it unchanged. Reply with the question only.',
      prompt: `${summary}${transcript}\n\nLast message: ${question}`,
      temperature: 0,
      maxRetries: 0,
      maxOutputTokens: 120,
      abortSignal,
      timeout: { stepMs: timeoutMs },
    });
    const standalone = text.trim().replace(/^["“”']+|(?<!["“”'])["“”']+$/g, '');
    if (standalone.length > 0 && standalone.length <= 500) return { standalone, by: 'model' };
  } catch {
    // Fall through to the rule.
  }
  return { standalone: condenseLocally(question, history), by: 'rule' };
}
