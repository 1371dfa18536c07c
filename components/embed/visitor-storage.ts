/**
 * The widget's visitor token, in the frame's own localStorage where the browser allows it
 * (partitioned by the embedding site). Many browsers block storage in third-party frames; the
 * host page (widget.js) then keeps the token and hands it back when the frame loads.
 */
const KEY = 'lantern-widget-visitor';

export function readVisitorToken(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null; // storage blocked: a new visitor on every page
  }
}

export function storeVisitorToken(token: string): void {
  try {
    window.localStorage.setItem(KEY, token);
  } catch {
    // without storage the conversation does not follow the visitor to the next page
  }
}
