import fs from 'node:fs/promises';
import path from 'node:path';
import { SUPPORTED_EXTENSIONS } from './parse';

export type SourceFile = { absolutePath: string; relativePath: string };

/** Every supported file under a folder, sorted, skipping hidden entries and README files. */
export async function listSourceFiles(root: string): Promise<SourceFile[]> {
  const rootPath = path.resolve(/*turbopackIgnore: true*/ root);
  const entries = await fs.readdir(rootPath, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && SUPPORTED_EXTENSIONS.includes(path.extname(e.name).toLowerCase()))
    .map((e) => {
      const absolutePath = path.join(e.parentPath, e.name);
      return { absolutePath, relativePath: path.relative(rootPath, absolutePath) };
    })
    .filter((f) => !f.relativePath.split(path.sep).some((part) => part.startsWith('.')))
    .filter((f) => !/^readme\./i.test(path.basename(f.relativePath)))
    .sort((a, b) => a.relativePath.localeCompare(b.relativePath));
}
