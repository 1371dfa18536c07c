import { ZodError } from 'zod';

/** Runs a CLI's main function and turns failures into one readable line and exit code 1. */
export function runCli(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      const message =
        error instanceof ZodError ? error.issues.map((issue) => issue.message).join('; ') : error instanceof Error ? error.message : String(error);
      console.error(`Error: ${message}`);
      process.exit(1);
    },
  );
}
