import { describe, expect, it } from 'vitest';
import { parseRobots, robotsFromResponse } from './robots';

const ROBOTS_URL = 'https://example.com/robots.txt';

describe('robots.txt', () => {
  it('uses the LanternBot group when there is one, else "*"', () => {
    const text = 'User-agent: *\nDisallow: /\n\nUser-agent: LanternBot\nDisallow: /private/\nCrawl-delay: 2\n';
    const rules = parseRobots(ROBOTS_URL, text);
    expect(rules.isAllowed('https://example.com/help')).toBe(true);
    expect(rules.isAllowed('https://example.com/private/x')).toBe(false);
    expect(rules.crawlDelayMs).toBe(2000);
    const others = parseRobots(ROBOTS_URL, 'User-agent: *\nDisallow: /private/\n');
    expect(others.isAllowed('https://example.com/private/x')).toBe(false);
    expect(others.isAllowed('https://example.com/help')).toBe(true);
    expect(others.crawlDelayMs).toBeNull();
  });

  it('never allows another origin', () => {
    expect(parseRobots(ROBOTS_URL, '').isAllowed('https://other.example/help')).toBe(false);
  });

  it('lists the sitemaps it names', () => {
    expect(parseRobots(ROBOTS_URL, 'Sitemap: https://example.com/sitemap.xml\n').sitemaps).toEqual(['https://example.com/sitemap.xml']);
  });

  it('a missing file (4xx) allows everything; 5xx or no answer allows nothing', () => {
    expect(robotsFromResponse(ROBOTS_URL, { kind: 'status', status: 404 }).isAllowed('https://example.com/x')).toBe(true);
    const down = robotsFromResponse(ROBOTS_URL, { kind: 'status', status: 503 });
    expect(down.isAllowed('https://example.com/x')).toBe(false);
    expect(down.reason).toContain('503');
    expect(robotsFromResponse(ROBOTS_URL, { kind: 'failed', reason: 'timed out' }).status).toBe('unreachable');
  });
});
