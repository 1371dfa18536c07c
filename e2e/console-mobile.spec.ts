import { expect, test, type Page } from '@playwright/test';
import { ask, DEMO, signIn } from './helpers';

/**
 * The console on a phone (390 px wide, an iPhone 13/14): every page fits the width — no sideways
 * scrolling of the page itself (wide tables and code scroll inside their own box).
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** How far the page is wider than the screen (0 when it fits). */
async function overflow(page: Page): Promise<{ by: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const by = document.documentElement.scrollWidth - width;
    // The widest elements that stick out, to say what to fix.
    // Inside a box that scrolls on its own, sticking out is fine.
    const scrollsItself = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) return true;
      return false;
    };
    const sticksOut = [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > width + 1 && !scrollsItself(el));
    // The innermost ones: what makes their ancestors wide.
    const culprits = sticksOut
      .filter((el) => !sticksOut.some((other) => other !== el && el.contains(other)))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}.${(el.getAttribute('class') ?? '').slice(0, 80)}`);
    return { by, culprits };
  });
}

const PAGES = [
  '/admin',
  '/admin/golden',
  '/admin/golden/new',
  '/admin/conversations',
  '/admin/handoffs',
  '/admin/knowledge',
  '/admin/tests',
  '/admin/tests/new',
  '/admin/evals',
  '/admin/insights',
  '/admin/users',
  '/admin/widget',
  '/admin/webhooks',
];

test('every console page fits a 390 px screen without sideways scrolling', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // A conversation to open (the chat itself on a phone).
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const chat = await visitor.newPage();
  await chat.goto('/chat');
  await ask(chat, 'How do I restart my Box 5?');
  expect((await overflow(chat)).by).toBe(0);
  // A hand-off in the queue, with a long note.
  const handoff = await chat.request.post('/api/chat/handoff', {
    data: { conversationId: crypto.randomUUID(), reason: 'customer_request', note: 'Please call me back about my modem, it keeps restarting every evening since the last update', email: 'a.very.long.address.for.testing@example.com' },
  });
  expect(handoff.status()).toBe(201);
  await visitor.close();

  await signIn(page, DEMO.admin);
  await page.waitForURL(/\/admin$/);
  // Pages reached from the lists: the first golden answer, conversation and test.
  const details: string[] = [];
  for (const [list, link] of [
    ['/admin/golden', 'a[href^="/admin/golden/"]:not([href$="/new"]):not([href$="/import"]):not([href$="/export"])'],
    ['/admin/conversations', 'a[href^="/admin/conversations/"]'],
    ['/admin/tests', 'a[href^="/admin/tests/"]:not([href$="/new"]):not([href$="/import"]):not([href$="/export"]):not([href*="/runs"])'],
  ] as const) {
    await page.goto(list);
    const href = await page.locator(link).first().getAttribute('href', { timeout: 10_000 });
    if (href) details.push(href);
  }
  expect(details.length).toBe(3);
  const problems: string[] = [];
  for (const path of [...PAGES, ...details]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const { by, culprits } = await overflow(page);
    if (by > 0) problems.push(`${path}: ${by}px too wide (${culprits.join(', ')})`);
  }
  expect(problems).toEqual([]);
});
