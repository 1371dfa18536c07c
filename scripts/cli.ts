import { loadEnvConfig } from '@next/env';
import { ZodError } from 'zod';

/**
 * Runs a CLI's main function: `--help` (or `-h`) prints its usage and exits 0; otherwise the
 * same `.env` files as the server are loaded first (Next's own loader: `.env`, `.env.local`,
 * `.env.production`… from the working directory; a variable already set in the environment
 * wins), and failures become one readable line and exit code 1.
 */
export function runCli(main: () => Promise<void>, { usage }: { usage: string }): void {
  if (process.argv.slice(2).some((arg) => arg === '--help' || arg === '-h')) {
    console.log(usage.trim());
    process.exit(0);
  }
  loadEnvFiles(process.cwd());
  main().then(
    // No code: process.exitCode, if main set one (e.g. ingest's 2 for files that failed), else 0.
    () => process.exit(),
    (error: unknown) => {
      const message =
        error instanceof ZodError ? error.issues.map((issue) => issue.message).join('; ') : error instanceof Error ? error.message : String(error);
      console.error(`Error: ${message}`);
      process.exit(1);
    },
  );
}

/** Loads the `.env` files of `dir` as `next start` does; variables already in the environment win. */
export function loadEnvFiles(dir: string): void {
  loadEnvConfig(dir, false, { info: () => {}, error: (...args: unknown[]) => console.error(...args) }, true);
}
