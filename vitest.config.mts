import { defineConfig } from 'vitest/config';

export default defineConfig({
  // server-only throws outside React's server build; under Vitest every module is server code.
  resolve: { alias: { '@': import.meta.dirname, 'server-only': `${import.meta.dirname}/node_modules/server-only/empty.js` } },
  test: {
    include: ['lib/**/*.test.ts', 'app/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts', 'components/**/*.test.tsx'],
    environment: 'node',
    // Server code logs JSON lines; tests that check logging capture their own logger.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
    // PGlite boots a WASM PostgreSQL per test file; give it room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
