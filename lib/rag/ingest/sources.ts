import fs from 'node:fs/promises';
import path from 'node:path';
import { SYNONYMS_FILE } from './synonyms-file';
import { SUPPORTED_EXTENSIONS } from './parse';

export type SourceFile = { absolutePath: string; relativePath: string };

/**
 * Every supported file under a folder, sorted, skipping hidden entries and README files (and
 * symbolic links, which are not files). With `scope` (a folder or file relative to the root,
 * see scope.ts), only what lies there; paths stay relative to the root either way, so a
 * document keeps its path and id whether it was ingested with the whole folder or on its own.
 */
export async function listSourceFiles(root: string, { scope }: { scope?: string } = {}): Promise<SourceFile[]> {
  const rootPath = path.resolve(/*turbopackIgnore: true*/ root);
  const start = scope ? path.join(rootPath, scope) : rootPath;
  // The root may be a symbolic link (a deployed content folder often is); inside it, links are skipped.
  const stat = scope ? await fs.lstat(start) : await fs.stat(start);
  let files: string[];
  if (stat.isDirectory()) {
    const entries = await fs.readdir(start, { recursive: true, withFileTypes: true });
    files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } else {
    files = stat.isFile() ? [start] : [];
  }
  return files
    .filter((absolutePath) => SUPPORTED_EXTENSIONS.includes(path.extname(absolutePath).toLowerCase()))
    .map((absolutePath) => ({ absolutePath, relativePath: path.relative(rootPath, absolutePath) }))
    .filter((f) => !f.relativePath.split(path.sep).some((part) => part.startsWith('.')))
    .filter((f) => !/^readme\./i.test(path.basename(f.relativePath)))
    // The search synonyms at the root are settings, not an article (synonyms-file.ts).
    .filter((f) => f.relativePath !== SYNONYMS_FILE)
    .sort((a, b) => a.relativePath.localeCompare(b.relativePath));
}
