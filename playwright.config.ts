import { defineConfig, devices } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * e2e runs against the built app (`next start`) on a free port with a throwaway data dir.
 * The port and dir are chosen once in the main process and inherited by the workers.
 */
function freePort(): string {
  const script = "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
}
process.env.E2E_PORT ??= freePort();
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-e2e-'));
const port = process.env.E2E_PORT;

// Debian's Chromium where present (this machine kind cannot download browsers); Playwright's own otherwise.
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));

/** Chromium as this machine provides it (see ../shared/DESIGN.md). */
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: systemChromium,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  },
};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  // One worker: console specs change app-wide settings (e.g. the golden-answer threshold) that other specs' chats would see.
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  use: {
    // Auth.js redirects to localhost; the base URL must match.
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /auth-lockout\.spec\.ts$/,
      use: chromium,
    },
    {
      // Locks a demo customer's sign-in on purpose: after every other spec, which may sign in as them.
      name: 'lockout',
      testMatch: /auth-lockout\.spec\.ts$/,
      dependencies: ['chromium'],
      use: chromium,
    },
  ],
  webServer: {
    // scripts/test.sh builds once beforehand and sets E2E_SKIP_BUILD.
    command: `${process.env.E2E_SKIP_BUILD ? '' : 'npx next build && '}npx next start -p ${port}`,
    url: `http://localhost:${port}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    // warn: the request log of every spec would drown the test report; specs that check logging start their own instances.
    env: { DATA_DIR: process.env.E2E_DATA_DIR, SEED_DEMO: 'auto', METRICS_TOKEN: 'e2e-metrics-token-0123456789', LOG_LEVEL: 'warn' },
  },
});
