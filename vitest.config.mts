import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': import.meta.dirname } },
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
