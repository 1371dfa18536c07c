import { z } from 'zod';

/**
 * Runs in the browser before the app hydrates. zod 4 compiles object parsers with `new Function`
 * where it may, and its probe for that is itself an eval: under our CSP (no 'unsafe-eval', see
 * lib/http/security-headers.ts) every probe is a reported violation. Parse without compiling.
 */
z.config({ jitless: true });
