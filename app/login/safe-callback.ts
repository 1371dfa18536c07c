/** Only same-site paths may be a post-sign-in destination (no open redirects). */
export function safeCallbackUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return undefined;
  }
  return value;
}
