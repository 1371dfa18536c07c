/** The request body is larger than the route allows; nothing past the cap was read. */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The request body is larger than ${maxBytes} bytes.`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * Reads a request body up to maxBytes while it streams in, and stops reading (cancelling the
 * stream) the moment it goes past: a chunked upload without Content-Length is never buffered
 * whole. A declared Content-Length over the cap is refused before a byte is read.
 */
export async function readBodyBytes(request: Request, { maxBytes }: { maxBytes: number }): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new BodyTooLargeError(maxBytes);
  const bytes = await readStreamLimited(request.body, maxBytes);
  if (!bytes) throw new BodyTooLargeError(maxBytes);
  return bytes;
}

/**
 * A body stream read whole, or null the moment it grows past maxBytes (the stream is then
 * cancelled: the rest is never downloaded or buffered). Requests, and responses from outside
 * servers (crawled pages, connector APIs), are read through it.
 */
export async function readStreamLimited(stream: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array | null> {
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
