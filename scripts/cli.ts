import { ZodError } from 'zod';

/** Runs a CLI's main function and turns failures into one readable line and exit code 1. */
export function runCli(main: () => Promise<void>): void {
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
