import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every route handler goes through the one wrapper (lib/http/route.ts), which resolves the
 * caller, checks the permission, applies the rate limit, caps the body and maps errors. A new
 * route file that exports a bare handler fails here, before it can ship unguarded.
 */
const APP = path.join(import.meta.dirname);
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return /^route\.(?:ts|tsx|js)$/.test(entry.name) ? [full] : [];
  });
}

/** The methods a route file exports, and whether each is `export const X = route(`. */
function exportedHandlers(source: string): { method: string; guarded: boolean }[] {
  const handlers: { method: string; guarded: boolean }[] = [];
  for (const method of METHODS) {
    const declared = new RegExp(`export\\s+(?:async\\s+)?(?:function\\s+${method}\\b|(?:const|let|var)\\s+${method}\\b)`).test(source);
    const reExported = new RegExp(`export\\s*\\{[^}]*\\b${method}\\b[^}]*\\}`).test(source);
    if (!declared && !reExported) continue;
    handlers.push({ method, guarded: new RegExp(`export\\s+const\\s+${method}\\s*=\\s*route\\(`).test(source) });
  }
  return handlers;
}

describe('route handlers', () => {
  const files = routeFiles(APP);

  it('finds the route files', () => {
    expect(files.length).toBeGreaterThanOrEqual(17);
  });

  it.each(files.map((file) => [path.relative(APP, file), file]))('%s: every exported method uses the one guard', (_name, file) => {
    const source = fs.readFileSync(file, 'utf8');
    const handlers = exportedHandlers(source);
    expect(handlers.length).toBeGreaterThan(0);
    expect(source).toMatch(/from '@\/lib\/http\/route'/);
    expect(handlers.filter((h) => !h.guarded).map((h) => h.method)).toEqual([]);
  });

  it('tells a bare handler from a guarded one', () => {
    expect(exportedHandlers("export const GET = route({ name: 'x', access: { anyone: true } }, async () => r);")).toEqual([{ method: 'GET', guarded: true }]);
    expect(exportedHandlers('export async function POST(request) { return r; }')).toEqual([{ method: 'POST', guarded: false }]);
    expect(exportedHandlers("export const GET = instrumentRoute('/x', handler);")).toEqual([{ method: 'GET', guarded: false }]);
    expect(exportedHandlers('export { GET, POST } from "./other";')).toEqual([
      { method: 'GET', guarded: false },
      { method: 'POST', guarded: false },
    ]);
  });
});
