import { expect, test, type Browser, type Page } from '@playwright/test';
import { ask, DEMO, signIn } from './helpers';

/**
 * Conversation tests in the console (/admin/tests), as an expert uses them: make a test from a
 * real conversation, tighten a check, run the suite and see it pass; change a golden answer so
 * that a nearby question now gets it, run again and see exactly that case newly failing, with the
 * answer before and now; undo the change and see it green again. Names carry a unique stamp so
 * reruns on one database do not collide.
 */

test.describe.configure({ mode: 'serial' });

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const group = `e2e-${stamp}`;
const pinQuestion = 'How do I change the parental PIN on Alpenwave TV?';

async function expert(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await signIn(page, DEMO.expert);
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

/** Runs the e2e group from the suite page and opens the finished run's results. */
async function runGroup(page: Page, { reload = false } = {}): Promise<string> {
  await page.goto('/admin/tests');
  await page.getByLabel('Group to run').selectOption(group);
  // The page shows the last run's job until the new one starts: wait for the new one.
  const progress = page.getByTestId('job-progress');
  const previous = (await progress.count()) > 0 ? await progress.getAttribute('data-job-id') : null;
  await page.getByRole('button', { name: 'Run group' }).click();
  if (previous) await expect(progress).not.toHaveAttribute('data-job-id', previous);
  const job = await progress.getAttribute('data-job-id');
  if (reload) {
    // The run is a job stored in the database: a reload shows the same run, wherever it got to.
    await page.reload();
    await expect(page.getByTestId('job-progress')).toHaveAttribute('data-job-id', job!);
  }
  await expect(page.getByTestId('job-progress')).toHaveAttribute('data-status', 'succeeded', { timeout: 60_000 });
  await expect(page.getByTestId('job-progress-count')).toHaveText('2 / 2 cases');
  const link = page.getByTestId('run-link');
  await expect(link).toContainText('See the results');
  await link.click();
  await expect(page).toHaveURL(/\/admin\/tests\/runs\/\d+$/);
  return page.url().split('/').pop()!;
}

const caseResult = (page: Page, name: string) => page.locator(`[data-testid="case-result"][data-name="${name}"]`);

test('an expert makes a test from a conversation, runs it green, sees a golden-answer change break exactly that case, and fixes it', async ({ browser }) => {
  test.setTimeout(240_000);
  // A visitor's real conversation.
  const visitorContext = await browser.newContext({ locale: 'en-GB' });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/chat');
  const reply = await ask(visitor, pinQuestion);
  await expect(reply).toContainText('PIN');
  // The tab keeps its conversation's id (components/chat/conversation-storage.ts).
  const conversationId = await visitor.evaluate(() => window.sessionStorage.getItem('lantern-chat-conversation'));
  expect(conversationId).toMatch(/^[0-9a-f-]{36}$/);
  await visitorContext.close();

  // "Make a test": the turn with checks proposed from what happened.
  const page = await expert(browser);
  await page.goto(`/admin/conversations/${conversationId}`);
  await page.getByTestId('make-test').click();
  await expect(page).toHaveURL(/\/admin\/tests\/[0-9a-f-]{36}\?made=1$/);
  await expect(page.getByTestId('made-from-conversation')).toBeVisible();
  await expect(page.getByLabel('Turn 1: message')).toHaveValue(pinQuestion);
  await expect(page.getByLabel('Turn 1: cites one of these articles')).toHaveValue('tv-parental-pin-en');
  await expect(page.getByLabel('Answers in', { exact: true })).toHaveValue('en');

  // The expert names it, puts it in a group, and adds a fact the answer must state.
  const pinName = `Parental PIN ${stamp}`;
  await page.getByLabel('Name').fill(pinName);
  await page.getByLabel('Group').fill(group);
  await page.getByLabel('Turn 1: states these facts').fill('4-digit');
  // A bad check is refused with a clear message, nothing lost.
  await page.getByLabel('Turn 1: with these arguments').fill('{not json');
  await page.getByTestId('save-test').click();
  await expect(page.getByTestId('test-form-error')).toContainText('Turn 1: Name the tool the arguments are for.');
  await page.getByLabel('Turn 1: with these arguments').fill('');
  await page.getByTestId('save-test').click();
  await expect(page).toHaveURL(/\?saved=1$/);
  await expect(page.getByRole('heading', { name: pinName, level: 1 })).toBeVisible();
  await expect(page.getByLabel('Turn 1: states these facts')).toHaveValue('4-digit');

  // A second case in the group, imported as a JSONL line.
  const restartName = `Restart Box 5 ${stamp}`;
  await page.goto('/admin/tests/import');
  await page
    .getByLabel('…or paste its lines')
    .fill(JSON.stringify({ id: restartName, lang: 'en', kind: group, customer: null, turns: [{ user: 'How do I restart my Box 5?', expect: { golden: true, lang: 'en' } }] }));
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByTestId('import-done')).toContainText('1 added, 0 replaced');

  // A golden answer about something else, for now.
  const goldenId = `e2e-tests-${stamp}`;
  await page.goto('/admin/golden/new');
  await page.getByLabel('Id').fill(goldenId);
  await page.getByLabel('Language').selectOption('en');
  await page.getByLabel('Question').fill(`When does the lantern shop ${stamp} open on Sundays?`);
  await page.getByLabel('Answer').fill('Please call our hotline for the PIN.');
  await page.getByTestId('golden-save').click();
  await expect(page).toHaveURL(new RegExp(`/admin/golden/${goldenId}\\?saved=created$`));
  await expect(page.getByTestId('affected-tests')).toContainText('No test case asks anything close to this question.');

  // What conversation review lists for the cases' questions before any run…
  const reviewed = async () => {
    const counts: number[] = [];
    for (const q of ['restart my Box 5', 'parental PIN']) {
      await page.goto(`/admin/conversations?q=${encodeURIComponent(q)}`);
      await expect(page.getByTestId('conversation-table').or(page.getByTestId('conversation-empty'))).toBeVisible();
      counts.push(await page.getByTestId('conversation-row').count());
    }
    return counts;
  };
  const before = await reviewed();

  // Run the suite's group: both pass.
  const first = await runGroup(page, { reload: true });
  await expect(page.getByTestId('run-summary')).toContainText('2 passed, 0 failed of 2');
  await expect(caseResult(page, pinName)).toHaveAttribute('data-change', 'new_passing');
  await expect(caseResult(page, restartName)).toHaveAttribute('data-change', 'new_passing');

  // The golden answer is edited: its question now nearly matches the test's.
  await page.goto(`/admin/golden/${goldenId}`);
  await page.getByLabel('Question').fill('How can I change the parental PIN on Alpenwave TV?');
  await page.getByTestId('golden-save').click();
  await expect(page).toHaveURL(/saved=/);
  // The golden page names the test that change may affect (and not the other one).
  await expect(page.getByTestId('affected-tests')).toContainText(pinName);
  await expect(page.getByTestId('affected-tests')).not.toContainText(restartName);

  const second = await runGroup(page);
  expect(Number(second)).toBeGreaterThan(Number(first));
  await expect(page.getByTestId('run-summary')).toContainText('1 passed, 1 failed of 2');
  await expect(page.getByTestId('run-summary')).toContainText('1 newly failing');
  await expect(page.locator('[data-testid="case-result"][data-change="newly_failing"]')).toHaveCount(1);
  const broken = caseResult(page, pinName);
  await expect(broken).toHaveAttribute('data-change', 'newly_failing');
  // Newly failing cases come first, open, with the failed check and the answer before and now.
  await expect(page.getByTestId('case-result').first()).toHaveAttribute('data-name', pinName);
  await expect(broken.getByTestId('case-reply')).toContainText('Please call our hotline for the PIN.');
  await expect(broken.getByTestId('case-reply-before')).toContainText(`Answer in run #${first}`);
  await expect(broken.locator('[data-testid="case-check"][data-pass="false"]').first()).toBeVisible();
  await expect(broken.getByTestId('case-check').filter({ hasText: 'missing 4-digit' })).toHaveAttribute('data-pass', 'false');
  await expect(broken.getByTestId('case-trace').first()).toContainText(`golden ${goldenId}`);
  await expect(caseResult(page, restartName)).toHaveAttribute('data-change', 'still_passing');

  // The fix: the golden answer goes back to its own question. Green again.
  await page.goto(`/admin/golden/${goldenId}`);
  await page.getByLabel('Question').fill(`When does the lantern shop ${stamp} open on Sundays?`);
  await page.getByTestId('golden-save').click();
  await expect(page).toHaveURL(/saved=/);
  await runGroup(page);
  await expect(page.getByTestId('run-summary')).toContainText('2 passed, 0 failed of 2');
  await expect(page.getByTestId('run-summary')).toContainText('1 fixed');
  await expect(caseResult(page, pinName)).toHaveAttribute('data-change', 'newly_passing');

  // Three runs later, conversation review lists nothing new: the tests' conversations were rolled back.
  expect(await reviewed()).toEqual(before);

  // The suite page shows the latest status of each case.
  await page.goto('/admin/tests');
  await expect(page.locator(`[data-testid="test-row"][data-name="${pinName}"]`).getByText('Passed')).toBeVisible();
});

test('an analyst reads the tests and runs but cannot edit or run them', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await signIn(page, DEMO.analyst);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Tests' }).click();
  await expect(page.getByRole('heading', { name: 'Conversation tests', level: 1 })).toBeVisible();
  await expect(page.getByTestId('tests-table')).toBeVisible();
  await expect(page.getByTestId('run-tests')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'New test' })).toHaveCount(0);
  const response = await page.request.post('/api/admin/jobs', { data: { kind: 'tests', scope: { all: true } } });
  expect(response.status()).toBe(403);
  await context.close();
});
