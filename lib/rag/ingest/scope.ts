import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { SUPPORTED_EXTENSIONS } from './parse';

/**
 * A scoped re-ingest: one folder or file inside the content folder (e.g. `de` after an expert
 * edited the German articles). The path comes from a request, so it is checked twice: by shape
 * here (cheap, no disk access), then against the disk (resolveIngestScope), where symbolic links
 * are followed and the real target must still lie inside the content folder.
 */

export const MAX_INGEST_PATH_CHARS = 512;

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARS = /[\u0000-\u001F\u007F]/;

export const ingestPathSchema = z
  .string()
  .min(1, 'give a folder or file inside the content folder, e.g. "de"')
  .max(MAX_INGEST_PATH_CHARS, `must be at most ${MAX_INGEST_PATH_CHARS} characters`)
  .refine((p) => !CONTROL_CHARS.test(p), 'must not contain NUL bytes or other control characters')
  // On POSIX a backslash is an ordinary file-name character; refusing it keeps Windows-style
  // "..\..\" from ever meaning anything, here or on a server where it would be a separator.
  .refine((p) => !p.includes('\\'), 'use forward slashes; backslashes are not allowed')
  .refine((p) => !p.startsWith('/') && !/^[A-Z]:/i.test(p), 'must be relative to the content folder, not absolute')
  .refine((p) => !p.split('/').includes('..'), 'must not contain ".." segments: it must stay inside the content folder')
  .refine((p) => !p.split('/').some((s) => s.startsWith('.') && s !== '.'), 'hidden files and folders are never ingested');

export type ResolvedScope = { ok: true; scope: string | undefined } | { ok: false; message: string };

function isOutside(relative: string): boolean {
  return relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
}

/**
 * Resolves a requested path against the content folder on disk. `scope` is the real path
 * relative to the folder (symbolic links inside it resolved), or undefined for the whole folder.
 */
export async function resolveIngestScope(root: string, requested: string): Promise<ResolvedScope> {
  const shape = ingestPathSchema.safeParse(requested);
  if (!shape.success) return { ok: false, message: `path: ${shape.error.issues[0]!.message}` };
  const quoted = JSON.stringify(requested);
  let rootReal: string;
  try {
    rootReal = await fs.realpath(path.resolve(/*turbopackIgnore: true*/ root));
  } catch {
    return { ok: false, message: 'The content folder does not exist on this server.' };
  }
  let real: string;
  try {
    real = await fs.realpath(path.resolve(/*turbopackIgnore: true*/ rootReal, requested));
  } catch {
    return { ok: false, message: `path: ${quoted} does not exist in the content folder` };
  }
  const relative = path.relative(rootReal, real);
  if (isOutside(relative)) return { ok: false, message: `path: ${quoted} leads outside the content folder` };
  if (relative === '') return { ok: true, scope: undefined };
  if (relative.split(path.sep).some((s) => s.startsWith('.'))) return { ok: false, message: `path: ${quoted} leads to a hidden file or folder, which is never ingested` };
  const stat = await fs.stat(real);
  if (stat.isFile()) {
    if (!SUPPORTED_EXTENSIONS.includes(path.extname(real).toLowerCase())) {
      return { ok: false, message: `path: ${quoted} is not a file the ingest reads (${SUPPORTED_EXTENSIONS.join(', ')})` };
    }
  } else if (!stat.isDirectory()) {
    return { ok: false, message: `path: ${quoted} is neither a folder nor a file` };
  }
  return { ok: true, scope: relative };
}

/** Whether a stored document's path (relative to the content folder) lies in the scope. */
export function isInScope(relativePath: string, scope: string | undefined): boolean {
  return scope === undefined || relativePath === scope || relativePath.startsWith(`${scope}${path.sep}`);
}

/**
 * A scope handed to the ingest directly (CLI, tests) must still stay inside the folder: returns
 * it normalised (undefined for the whole folder) or throws.
 */
export function normalizeScope(root: string, scope: string | undefined): string | undefined {
  if (scope === undefined) return undefined;
  const relative = path.relative(path.resolve(/*turbopackIgnore: true*/ root), path.resolve(/*turbopackIgnore: true*/ root, scope));
  if (isOutside(relative)) throw new Error(`ingest scope ${JSON.stringify(scope)} is not a path inside ${root}`);
  return relative || undefined;
}
