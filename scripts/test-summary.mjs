// Prints one closing line for the whole suite from the Vitest and Playwright JSON reports:
// "N passed, N failed, N skipped". Counts come from the runners' own reports.
import fs from 'node:fs';

const [vitestFile, playwrightFile] = process.argv.slice(2);
const vitest = JSON.parse(fs.readFileSync(vitestFile, 'utf8'));
const playwright = JSON.parse(fs.readFileSync(playwrightFile, 'utf8'));

const unit = {
  passed: vitest.numPassedTests,
  failed: vitest.numFailedTests,
  skipped: vitest.numPendingTests + vitest.numTodoTests,
};
const e2e = {
  passed: playwright.stats.expected,
  failed: playwright.stats.unexpected + playwright.stats.flaky,
  skipped: playwright.stats.skipped,
};
console.log(`vitest: ${unit.passed} passed, ${unit.failed} failed, ${unit.skipped} skipped`);
console.log(`playwright: ${e2e.passed} passed, ${e2e.failed} failed, ${e2e.skipped} skipped`);
const total = (key) => unit[key] + e2e[key];
console.log(`${total('passed')} passed, ${total('failed')} failed, ${total('skipped')} skipped`);
process.exit(total('failed') > 0 || total('passed') === 0 ? 1 : 0);
