/**
 * A website as a knowledge source: crawl a site (sitemap or links), politely and within bounds,
 * and get its pages as documents ingest can read. Not yet wired into ingest, the database or the console.
 */
export { crawlWebsite, contentHash, CrawlConfigError, CRAWL_DEFAULTS } from './crawl';
export type { CrawlOptions, CrawlDeps, CrawlResult, CrawlProgress, PageState, WebsiteDocument } from './crawl';
export { extractPage, primaryLanguage } from './extract';
export type { ExtractedPage, ExtractInput, ExtractOutcome } from './extract';
export { parseSitemap, readSitemaps, dayOf } from './sitemap';
export type { SitemapEntry, SitemapResult, SitemapLimits, ParsedSitemap } from './sitemap';
export { loadRobots, parseRobots, robotsFromResponse, ROBOTS_AGENT } from './robots';
export type { RobotsRules, RobotsResponse } from './robots';
export { compilePattern, matchPattern, UrlFilter, PatternError } from './patterns';
export { documentIdFromUrl, slugFromUrl, parseWebUrl } from './url';
export type { Fetch } from './http';
