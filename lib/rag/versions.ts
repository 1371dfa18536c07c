import { fold } from '@/lib/ai/local/text';

/**
 * Product versions the corpus distinguishes (front matter `version`, e.g. box3, box5), as the
 * customer writes them: "Box 5", "box5", "BOX-5".
 */

function compact(text: string): string {
  return fold(text).replace(/[\s_-]+/g, '');
}

/** The versions the text names outright. */
export function namedVersions(text: string, versions: string[]): string[] {
  const flat = compact(text);
  return versions.filter((v) => flat.includes(compact(v)));
}

/** The one version the text names (undefined when it names none or several). */
export function mentionedVersion(text: string, versions: string[]): string | undefined {
  const named = namedVersions(text, versions);
  return named.length === 1 ? named[0] : undefined;
}

/** "box5" → "Box 5", for replies. */
export function prettyVersion(version: string): string {
  const spaced = version.replace(/([a-z])(\d)/gi, '$1 $2');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
