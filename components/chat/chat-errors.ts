import { ChatApiError, parseErrorBody } from './chat-api';
import type { ChatLabels } from './labels';

const NETWORK = /failed to fetch|networkerror|load failed|network request failed|fetch failed|err_network/i;

/**
 * What to tell the customer about a failed request. The chat API answers 4xx/5xx as JSON
 * `{ error: { code, message } }`; the AI SDK hands that body over as the error's message
 * (APICallError.responseBody). Errors inside the stream arrive as their `errorText`.
 */
export function describeChatError(error: unknown, labels: Pick<ChatLabels, 'errorNetwork' | 'errorGeneric'>): {
  message: string;
  code: string | null;
} {
  if (error instanceof ChatApiError) {
    if (error.status === null) return { message: labels.errorNetwork, code: 'network' };
    if (error.status >= 500) return { message: labels.errorGeneric, code: error.code };
    return { message: error.message || labels.errorGeneric, code: error.code };
  }
  if (!(error instanceof Error)) return { message: labels.errorGeneric, code: null };
  const body = 'responseBody' in error && typeof error.responseBody === 'string' ? error.responseBody : error.message;
  const parsed = parseErrorBody(body);
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : null;
  if (parsed) return { message: status !== null && status >= 500 ? labels.errorGeneric : parsed.message, code: parsed.code };
  if (NETWORK.test(error.message) || error.name === 'TypeError') return { message: labels.errorNetwork, code: 'network' };
  // A short plain-text message (an in-stream error) is shown as is; HTML pages and stack-like blobs are not.
  const text = error.message.trim();
  if (status === null && text && text.length <= 300 && !/^[<{[]/.test(text)) return { message: text, code: null };
  return { message: labels.errorGeneric, code: null };
}
