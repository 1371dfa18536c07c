import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small real website on 127.0.0.1 for tests (and later the e2e): generated help articles in
 * English and German with site chrome (nav, header, footer) and h2/h3 sections, a sitemap (flat
 * and as an index of two), a robots.txt that disallows /private/, ETag/If-None-Match and
 * Last-Modified/If-Modified-Since, and a log of every request. Tests change, remove, unlist and add
 * pages while it runs.
 */

export type TestPage = {
  path: string;
  lang: 'en' | 'de';
  title: string;
  /** Whether <html lang> names the language (some German pages leave it to detection). */
  declaresLang: boolean;
  version: number;
  lastModified: Date;
  /** false: no ETag or Last-Modified (every request gets a 200). */
  validators: boolean;
  /** 404 while true. */
  removed: boolean;
  /** In the sitemaps and linked from the home page and the nav. */
  listed: boolean;
  extra: string;
};

export type LoggedRequest = { method: string; path: string; at: number; headers: IncomingHttpHeaders; status: number | null };

export type RouteHandler = (req: IncomingMessage, res: ServerResponse) => void;

export type TestSiteOptions = {
  /** Generated articles, alternating English and German (odd i English). Default 6. */
  pages?: number;
  /** robots.txt text; null answers 404. Default: "User-agent: *" + "Disallow: /private/". */
  robots?: string | null;
};

export type TestSite = {
  origin: string;
  url(path: string): string;
  pages: TestPage[];
  page(path: string): TestPage;
  /** Linked from the home page and listed in the sitemap; robots.txt disallows it. */
  privatePath: string;
  requests: LoggedRequest[];
  /** Requests for pages: robots.txt and sitemaps left out. */
  pageRequests(): LoggedRequest[];
  requestsFor(path: string): LoggedRequest[];
  /** New text, a new ETag and a later Last-Modified. */
  changePage(path: string, text?: string): void;
  /** Answers 404 (still listed). */
  removePage(path: string): void;
  /** Out of the sitemaps and links (still served). */
  unlistPage(path: string): void;
  dropValidators(path: string): void;
  /** A custom answer for a path; listed and linked unless said otherwise. Wins over generated pages and robots.txt. */
  route(path: string, handler: RouteHandler, options?: { listed?: boolean }): void;
  setRobots(text: string | null): void;
  close(): Promise<void>;
};

export const DEFAULT_ROBOTS = 'User-agent: *\nDisallow: /private/\n';
const BASE_DATE = Date.UTC(2026, 0, 5, 9, 0, 0);
const DAY = 86_400_000;

const TEXT = {
  en: {
    title: (i: number) => `Setting up service ${i}`,
    intro: (i: number) =>
      `This article explains how you set up service ${i} at home. It takes about ten minutes, and you only need the welcome letter that came with your order.`,
    sections: [
      { h2: 'Getting started', p: 'Open the customer portal and sign in with the email address you used when you ordered. Then choose the service you want to set up.', h3: 'What you need', p3: 'You need your customer number, the welcome letter and a device that is connected to the internet.' },
      { h2: 'Troubleshooting', p: 'If the light on the device stays red, unplug it for thirty seconds and plug it back in. Most problems are solved this way.', h3: 'Still stuck?', p3: 'Write to our support team and tell us what you have already tried. We answer within one working day.' },
    ],
    nav: 'Main menu Home Products Contact us',
    footer: 'Copyright Example Support Ltd. All rights reserved. Imprint and privacy policy',
  },
  de: {
    title: (i: number) => `Dienst ${i} einrichten`,
    intro: (i: number) =>
      `Dieser Artikel erklärt, wie Sie den Dienst ${i} zu Hause einrichten. Es dauert etwa zehn Minuten, und Sie brauchen nur den Willkommensbrief, der mit Ihrer Bestellung kam.`,
    sections: [
      { h2: 'Erste Schritte', p: 'Öffnen Sie das Kundenportal und melden Sie sich mit der E-Mail-Adresse an, die Sie bei der Bestellung angegeben haben. Wählen Sie dann den Dienst, den Sie einrichten möchten.', h3: 'Was Sie brauchen', p3: 'Sie brauchen Ihre Kundennummer, den Willkommensbrief und ein Gerät, das mit dem Internet verbunden ist.' },
      { h2: 'Fehlerbehebung', p: 'Wenn die Lampe am Gerät rot bleibt, ziehen Sie den Stecker für dreissig Sekunden und stecken Sie ihn wieder ein. Die meisten Probleme sind damit gelöst.', h3: 'Immer noch Probleme?', p3: 'Schreiben Sie unserem Support-Team und sagen Sie uns, was Sie schon versucht haben. Wir antworten innerhalb eines Arbeitstages.' },
    ],
    nav: 'Hauptmenü Startseite Produkte Kontakt',
    footer: 'Urheberrecht Example Support AG. Alle Rechte vorbehalten. Impressum und Datenschutz',
  },
} as const;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export async function startTestSite(options: TestSiteOptions = {}): Promise<TestSite> {
  const count = options.pages ?? 6;
  let robots: string | null = options.robots === undefined ? DEFAULT_ROBOTS : options.robots;
  const privatePath = '/private/secret';
  const pages: TestPage[] = [];
  for (let i = 1; i <= count; i++) {
    const lang = i % 2 === 1 ? 'en' : 'de';
    pages.push({
      path: lang === 'en' ? `/help/en/article-${i}` : `/help/de/artikel-${i}`,
      lang,
      title: TEXT[lang].title(i),
      declaresLang: !(lang === 'de' && i % 4 === 0),
      version: 1,
      lastModified: new Date(BASE_DATE + i * DAY),
      validators: true,
      removed: false,
      listed: true,
      extra: '',
    });
  }
  const routes = new Map<string, { handler: RouteHandler; listed: boolean }>();
  const requests: LoggedRequest[] = [];
  const byPath = new Map(pages.map((p) => [p.path, p]));
  const page = (path: string) => {
    const found = byPath.get(path);
    if (!found) throw new Error(`test site: no page ${path}`);
    return found;
  };

  const listedPaths = () => [...pages.filter((p) => p.listed).map((p) => p.path), privatePath, ...[...routes].filter(([, r]) => r.listed).map(([path]) => path)];

  const nav = (lang: 'en' | 'de') =>
    `<nav><p>${TEXT[lang].nav}</p><ul>${pages
      .filter((p) => p.listed)
      .map((p) => `<li><a href="${p.path}?ref=nav">${escapeHtml(p.title)}</a></li>`)
      .join('')}<li><a href="/">Home</a></li></ul></nav>`;

  const articleHtml = (p: TestPage) => {
    const t = TEXT[p.lang];
    const i = Number(p.path.slice(p.path.lastIndexOf('-') + 1));
    const sections = t.sections
      .map((s) => `<h2>${s.h2}</h2><p>${s.p}</p><h3>${s.h3}</h3><p>${s.p3}</p>`)
      .join('');
    return `<!doctype html>
<html${p.declaresLang ? ` lang="${p.lang}"` : ''}><head><meta charset="utf-8"><title>${escapeHtml(p.title)} | Example Support</title>
<link rel="canonical" href="${p.path}"><style>body { font-family: sans-serif }</style><script>window.analytics = "tracking";</script></head>
<body><header><a href="/">Example Support</a></header>${nav(p.lang)}
<main><article><h1>${escapeHtml(p.title)}</h1><p>${t.intro(i)}</p>${sections}${p.extra ? `<p>${escapeHtml(p.extra)}</p>` : ''}</article></main>
<footer><p>${t.footer}</p><a href="/">Home</a></footer></body></html>`;
  };

  const homeHtml = () => `<!doctype html>
<html lang="en"><head><title>Example Support</title></head><body>${nav('en')}
<main><h1>Help center</h1><p>Welcome to the help center of Example Support. Choose an article below to find out how to set up and use our services.</p>
<ul>${listedPaths()
    .map((path) => `<li><a href="${path}">${escapeHtml(byPath.get(path)?.title ?? path)}</a></li>`)
    .join('')}<li><a href="mailto:help@example.com">Mail us</a></li><li><a href="https://elsewhere.example/">Partner</a></li></ul></main>
<footer>Example Support</footer></body></html>`;

  const urlset = (paths: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths
      .map((path) => {
        const lastmod = byPath.get(path)?.lastModified.toISOString().slice(0, 10);
        return `<url><loc>${origin}${path}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
      })
      .join('')}</urlset>`;

  const send = (res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': type, ...headers });
    res.end(body);
  };

  const serve = (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const custom = routes.get(path);
    if (custom) return custom.handler(req, res);
    if (path === '/robots.txt') return robots === null ? send(res, 404, 'text/plain', 'not found') : send(res, 200, 'text/plain', robots);
    if (path === '/sitemap.xml') return send(res, 200, 'application/xml', urlset(listedPaths()));
    if (path === '/sitemap-index.xml') {
      return send(
        res,
        200,
        'application/xml',
        `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemaps/en.xml</loc></sitemap><sitemap><loc>${origin}/sitemaps/de.xml</loc></sitemap></sitemapindex>`,
      );
    }
    if (path === '/sitemaps/en.xml' || path === '/sitemaps/de.xml') {
      const de = path.endsWith('de.xml');
      return send(res, 200, 'application/xml', urlset(listedPaths().filter((p) => (byPath.get(p)?.lang === 'de') === de)));
    }
    if (path === '/') return send(res, 200, 'text/html; charset=utf-8', homeHtml());
    if (path === privatePath) return send(res, 200, 'text/html', '<html lang="en"><body><main><h1>Secret</h1><p>Internal notes that robots must never read.</p></main></body></html>');
    const p = byPath.get(path);
    if (!p || p.removed) return send(res, 404, 'text/html', '<h1>Not found</h1>');
    const body = articleHtml(p);
    if (!p.validators) return send(res, 200, 'text/html; charset=utf-8', body);
    const etag = `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;
    const lastModified = p.lastModified.toUTCString();
    const inm = req.headers['if-none-match'];
    const ims = req.headers['if-modified-since'];
    const fresh = inm !== undefined ? inm.split(',').some((tag) => tag.trim() === etag) : ims !== undefined && Date.parse(ims) >= Math.floor(p.lastModified.getTime() / 1000) * 1000;
    if (fresh) {
      res.writeHead(304, { etag, 'last-modified': lastModified });
      return res.end();
    }
    send(res, 200, 'text/html; charset=utf-8', body, { etag, 'last-modified': lastModified });
  };

  const server = createServer((req, res) => {
    const entry: LoggedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', at: performance.now(), headers: req.headers, status: null };
    requests.push(entry);
    res.on('finish', () => {
      entry.status = res.statusCode;
    });
    try {
      serve(req, res);
    } catch (error) {
      send(res, 500, 'text/plain', String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const isSiteFile = (path: string) => path === '/robots.txt' || path.startsWith('/sitemap');
  return {
    origin,
    url: (path) => `${origin}${path}`,
    pages,
    page,
    privatePath,
    requests,
    pageRequests: () => requests.filter((r) => !isSiteFile(new URL(r.path, origin).pathname)),
    requestsFor: (path) => requests.filter((r) => r.path === path),
    changePage(path, text = 'Update: the portal now also offers a video guide for this service.') {
      const p = page(path);
      p.version++;
      p.extra = text;
      p.lastModified = new Date(p.lastModified.getTime() + DAY);
    },
    removePage(path) {
      page(path).removed = true;
    },
    unlistPage(path) {
      page(path).listed = false;
    },
    dropValidators(path) {
      page(path).validators = false;
    },
    route(path, handler, { listed = true } = {}) {
      routes.set(path, { handler, listed });
    },
    setRobots(text) {
      robots = text;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
