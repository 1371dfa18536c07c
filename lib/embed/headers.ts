/** The headers the widget's frame sends with every chat request (no cookies reach it there). */

/** Its visitor token (lib/embed/visitor-token.ts). */
export const VISITOR_HEADER = 'x-lantern-visitor';
/** The host site's signed identity of its customer, if any (lib/embed/identity.ts). */
export const IDENTITY_HEADER = 'x-lantern-identity';
/** The host page's origin, as the browser reported it to the frame (postMessage). */
export const SITE_HEADER = 'x-lantern-site';
