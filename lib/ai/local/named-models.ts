import { TIME_UNITS } from './answer-kind';
import { fold } from './text';

/**
 * Products named by a word and a number ("Box 5", "Zone 2", "Wave Home 500"). A section headed
 * for another model of the same name ("Set up guest Wi-Fi on the Box 3") does not answer a
 * question about this one ("guest wifi on the box 5"), however many words they share.
 */

// A number followed by a unit ("after 30 days", "50 GB") is a quantity, not a model.
const QUANTITY_UNITS = new Set([...TIME_UNITS, 'gb', 'mb', 'kb', 'tb', 'mbit', 'gbit', 'chf', 'eur', 'fr', 'x', 'mal', 'fois', 'volte']);

/** The models a text names: per name word, the numbers it is written with ("box" → {3, 5}). */
export function namedModels(text: string): Map<string, Set<string>> {
  const words = fold(text).match(/[\p{L}\d]+/gu) ?? [];
  const models = new Map<string, Set<string>>();
  for (let i = 0; i < words.length; i++) {
    // "box5" as one token, or "box 5" as two.
    const glued = /^(\p{L}{2,})(\d{1,4})$/u.exec(words[i]!);
    const [name, number, next] = glued ? [glued[1]!, glued[2]!, words[i + 1]] : [words[i]!, words[i + 1], words[i + 2]];
    if (!/^\p{L}{2,}$/u.test(name) || !number || !/^\d{1,4}$/.test(number) || QUANTITY_UNITS.has(next ?? '')) continue;
    models.set(name, (models.get(name) ?? new Set()).add(number));
  }
  return models;
}

/** The heading names another model of a name the question names, and not the question's own. */
export function namesOtherModel(question: Map<string, Set<string>>, heading: string): boolean {
  if (question.size === 0) return false;
  for (const [name, numbers] of namedModels(heading)) {
    const asked = question.get(name);
    if (asked && ![...numbers].some((n) => asked.has(n))) return true;
  }
  return false;
}
