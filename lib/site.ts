import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Company-specific branding lives in content/site.json; the code stays company-agnostic. */
const siteSchema = z.object({ company: z.string().min(1), helpCenterName: z.string().min(1) });
export type Site = z.infer<typeof siteSchema>;

let cached: Site | undefined;

export function getSite(): Site {
  cached ??= siteSchema.parse(JSON.parse(fs.readFileSync(path.join(process.cwd(), 'content', 'site.json'), 'utf8')));
  return cached;
}
