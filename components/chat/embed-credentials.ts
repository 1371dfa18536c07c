import { IDENTITY_HEADER, SITE_HEADER, VISITOR_HEADER } from '@/lib/embed/headers';

/**
 * Inside the widget's frame the chat's cookie is not sent (the frame is on another site), so
 * every chat request carries the frame's credentials as headers instead: its visitor token and,
 * when the host site passed one, the customer's signed identity with the host's origin. On the
 * help site itself nothing is set and requests go out as before (the cookie).
 */
type EmbedCredentials = { visitorToken: string; identity?: { token: string; site: string } };

let current: EmbedCredentials | null = null;

export function setEmbedCredentials(credentials: EmbedCredentials | null): void {
  current = credentials;
}

export function embedHeaders(): Record<string, string> {
  if (!current) return {};
  return {
    [VISITOR_HEADER]: current.visitorToken,
    ...(current.identity ? { [IDENTITY_HEADER]: current.identity.token, [SITE_HEADER]: current.identity.site } : {}),
  };
}
