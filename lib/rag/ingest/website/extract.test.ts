import { describe, expect, it } from 'vitest';
import { extractPage, primaryLanguage } from './extract';

const URL_ = 'https://help.example.com/help/router/';

const page = ({ lang = 'lang="en"', head = '', main = '' } = {}) => `<!doctype html>
<html ${lang}><head><title>Router setup | Example Support</title>${head}<style>.x{color:red}</style><script>var tracking = "SCRIPT-TEXT";</script></head>
<body>
<header><a href="/">Example Support</a> HEADER-TEXT</header>
<nav><a href="/help/modem">Modem</a> <a href="/help/tv?ref=nav#top">TV</a> NAV-TEXT</nav>
<main><article>
<h1>Router setup</h1>
${main || `<p>This article explains how you connect your new router and set up the wireless network at home. It only takes a few minutes.</p>
<h2>Connect the cables</h2><p>Plug the fibre cable into the port marked FIBRE and the power cable into the socket. Wait until the light turns white.</p>
<h3>Which port?</h3><p>The fibre port is the green one on the back of the router, next to the power switch. See <a href="/help/ports">all ports</a> or <a href="#wifi">below</a>.</p>
<h2 id="wifi">Set up the wireless network</h2><p>The network name and the password are printed on the sticker under the router. Enter them on your phone or laptop.</p>`}
</article></main>
<aside>ASIDE-TEXT related articles</aside>
<footer><p>FOOTER-TEXT Copyright Example Support</p><a href="/imprint">Imprint</a></footer>
</body></html>`;

function read(html: string, extra: Partial<Parameters<typeof extractPage>[0]> = {}) {
  const outcome = extractPage({ url: URL_, html, ...extra });
  if (outcome.result.kind !== 'page') throw new Error(`expected a page, got ${outcome.result.kind}: ${outcome.result.reason}`);
  return { ...outcome, page: outcome.result.page };
}

describe('extractPage', () => {
  it('keeps the main content as markdown with ## and ### headings and drops the site chrome', () => {
    const { page: doc } = read(page());
    expect(doc.body).toContain('## Connect the cables');
    expect(doc.body).toContain('### Which port?');
    expect(doc.body).toContain('## Set up the wireless network');
    expect(doc.body).toContain('Plug the fibre cable');
    for (const chrome of ['NAV-TEXT', 'FOOTER-TEXT', 'HEADER-TEXT', 'ASIDE-TEXT', 'SCRIPT-TEXT', 'color:red']) expect(doc.body).not.toContain(chrome);
    // The title is not repeated as a heading of the body.
    expect(doc.body).not.toMatch(/^#+ Router setup$/m);
  });

  it('makes links in the body absolute and drops in-page ones', () => {
    const { page: doc } = read(page());
    expect(doc.body).toContain('[all ports](https://help.example.com/help/ports)');
    expect(doc.body).not.toContain('#wifi');
  });

  it('fills the ParsedDocument fields from the URL and the page', () => {
    const { page: doc } = read(page({ head: '<link rel="canonical" href="/help/router">' }), { lastModified: 'Tue, 03 Feb 2026 10:00:00 GMT' });
    expect(doc).toMatchObject({
      id: 'help.example.com/help/router',
      slug: 'help-router',
      title: 'Router setup',
      lang: 'en',
      product: null,
      version: null,
      audience: 'public',
      translationOf: null,
      updated: '2026-02-03',
      url: URL_,
      canonicalUrl: 'https://help.example.com/help/router',
    });
    expect(read(page(), { lastModified: 'Tue, 03 Feb 2026 10:00:00 GMT', lastmod: '2026-01-20' }).page.updated).toBe('2026-01-20');
  });

  it('takes the title from <title> without the site name when there is no <h1>', () => {
    const html = page().replace('<h1>Router setup</h1>', '');
    expect(read(html).page.title).toBe('Router setup');
  });

  it('returns the links of the whole page, nav included, absolute and without fragments', () => {
    const { links } = read(page());
    expect(links).toEqual(
      expect.arrayContaining(['https://help.example.com/', 'https://help.example.com/help/modem', 'https://help.example.com/help/tv?ref=nav', 'https://help.example.com/help/ports', 'https://help.example.com/imprint']),
    );
    expect(links.some((l) => l.includes('#'))).toBe(false);
  });

  it('reads the language from <html lang>, then Content-Language, then the text', () => {
    const german = `<p>Dieser Artikel erklärt, wie Sie Ihren neuen Router anschliessen und das drahtlose Netzwerk zu Hause einrichten. Das dauert nur wenige Minuten.</p>
<h2>Kabel anschliessen</h2><p>Stecken Sie das Glasfaserkabel in den Anschluss und das Stromkabel in die Steckdose. Warten Sie, bis die Lampe weiss leuchtet.</p>`;
    expect(read(page({ lang: 'lang="de-CH"', main: german })).page.lang).toBe('de');
    expect(read(page({ lang: '', main: german }), { contentLanguage: 'fr, en' }).page.lang).toBe('fr');
    expect(read(page({ lang: '', main: german })).page.lang).toBe('de');
    expect(read(page({ lang: '' })).page.lang).toBe('en');
  });

  it('skips a page declared in a language Lantern does not answer in', () => {
    const outcome = extractPage({ url: URL_, html: page({ lang: 'lang="es"' }) });
    expect(outcome.result).toEqual({ kind: 'skip', reason: expect.stringContaining('"es"') });
    expect(extractPage({ url: URL_, html: page({ lang: '' }), contentLanguage: 'ja' }).result.kind).toBe('skip');
  });

  it('honours noindex and nofollow from <meta name="robots"> and X-Robots-Tag', () => {
    const noindex = extractPage({ url: URL_, html: page({ head: '<meta name="robots" content="noindex, follow">' }) });
    expect(noindex.result.kind).toBe('skip');
    expect(noindex.links.length).toBeGreaterThan(0);
    const nofollow = extractPage({ url: URL_, html: page({ head: '<meta name="LanternBot" content="nofollow">' }) });
    expect(nofollow.result.kind).toBe('page');
    expect(nofollow.links).toEqual([]);
    expect(extractPage({ url: URL_, html: page(), robotsHeader: 'none' }).result.kind).toBe('skip');
    expect(extractPage({ url: URL_, html: page(), robotsHeader: 'lanternbot: noindex' }).result.kind).toBe('skip');
    // A directive for another crawler is not ours.
    expect(extractPage({ url: URL_, html: page(), robotsHeader: 'otherbot: noindex' }).result.kind).toBe('page');
  });

  it('reports a page without text as empty', () => {
    const outcome = extractPage({ url: URL_, html: '<html lang="en"><body><nav>Menu</nav><main><img src="a.png"></main><footer>Footer</footer></body></html>' });
    expect(outcome.result.kind).toBe('empty');
  });

  it('reads short pages too (Readability finds too little, the main element is used)', () => {
    const { page: doc } = read('<html lang="en"><body><nav>Menu</nav><main><h1>Opening hours</h1><h2>Shop</h2><p>Monday to Friday, 9 to 5.</p></main><footer>Footer</footer></body></html>');
    expect(doc.title).toBe('Opening hours');
    expect(doc.body).toContain('## Shop');
    expect(doc.body).toContain('Monday to Friday');
    expect(doc.body).not.toContain('Menu');
  });
});

describe('primaryLanguage', () => {
  it('takes the primary subtag', () => {
    expect(primaryLanguage('de-CH')).toBe('de');
    expect(primaryLanguage('EN_us')).toBe('en');
    expect(primaryLanguage('fr, en')).toBe('fr');
    expect(primaryLanguage('')).toBeNull();
    expect(primaryLanguage('x')).toBeNull();
  });
});
