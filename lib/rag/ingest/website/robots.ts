import robotsParser from 'robots-parser';

/** The product token robots.txt groups are matched against ("User-agent: LanternBot"), whatever the User-Agent header says. */
export const ROBOTS_AGENT = 'LanternBot';
/** RFC 9309 asks crawlers to read at least 500 KiB of a robots.txt. */
export const ROBOTS_MAX_BYTES = 512 * 1024;

export type RobotsRules = {
  /** 'file': a robots.txt was read; 'none': there is none (4xx), everything is allowed; 'unreachable': 5xx or network failure, nothing is allowed. */
  status: 'file' | 'none' | 'unreachable';
  /** Why nothing is allowed, when the file was unreachable. */
  reason: string | null;
  isAllowed(url: string): boolean;
  /** The Crawl-delay for our agent (or "*"), in milliseconds, or null. */
  crawlDelayMs: number | null;
  sitemaps: string[];
};

/** What the crawler got for /robots.txt. */
export type RobotsResponse = { kind: 'ok'; text: string } | { kind: 'status'; status: number } | { kind: 'failed'; reason: string };

/** Rules from a robots.txt's text. */
export function parseRobots(robotsUrl: string, text: string, agent: string = ROBOTS_AGENT): RobotsRules {
  const robots = robotsParser(robotsUrl, text);
  const delay = robots.getCrawlDelay(agent);
  return {
    status: 'file',
    reason: null,
    // undefined means "not this file's origin": never allowed.
    isAllowed: (url) => robots.isAllowed(url, agent) === true,
    crawlDelayMs: typeof delay === 'number' && Number.isFinite(delay) && delay > 0 ? delay * 1000 : null,
    sitemaps: robots.getSitemaps(),
  };
}

/**
 * The rules for an origin from what its /robots.txt request returned, as RFC 9309 says: a file →
 * its rules; 4xx (404 above all) → everything allowed; 5xx, a redirect off-site or a network
 * failure → nothing allowed (the site may be down; crawling it blind would be rude).
 */
export function robotsFromResponse(robotsUrl: string, response: RobotsResponse, agent: string = ROBOTS_AGENT): RobotsRules {
  if (response.kind === 'ok') return parseRobots(robotsUrl, response.text, agent);
  if (response.kind === 'status' && response.status >= 400 && response.status < 500) {
    return { status: 'none', reason: null, isAllowed: () => true, crawlDelayMs: null, sitemaps: [] };
  }
  const reason = response.kind === 'status' ? `robots.txt unreachable (HTTP ${response.status})` : `robots.txt unreachable: ${response.reason}`;
  return { status: 'unreachable', reason, isAllowed: () => false, crawlDelayMs: null, sitemaps: [] };
}

/** Fetches and reads an origin's /robots.txt through `get` (the crawler's paced, same-origin fetch). */
export async function loadRobots(origin: string, get: (url: string) => Promise<RobotsResponse>, agent: string = ROBOTS_AGENT): Promise<RobotsRules> {
  const robotsUrl = new URL('/robots.txt', origin).href;
  return robotsFromResponse(robotsUrl, await get(robotsUrl), agent);
}
