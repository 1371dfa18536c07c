import { describe, expect, it } from 'vitest';
import { leansOnPrevious } from './leans-on-previous';

describe('a message that leans on the one before it', () => {
  it.each(['move it to Thursday then', 'then cancel it', 'Dann verschieben Sie ihn bitte auf Donnerstag', 'Alors déplacez-le à jeudi', 'Allora spostatelo a giovedì', 'and the one before?'])('%s', (text) => {
    expect(leansOnPrevious(text)).toBe(true);
  });

  it.each(['Was ist bei einem Abowechsel zu beachten?', 'How much does Wave Home 1000 cost per month?', 'Comment se passe un changement d’abonnement ?', 'Come funziona un cambio di abbonamento?', 'show me my latest bill'])('not: %s', (text) => {
    expect(leansOnPrevious(text)).toBe(false);
  });
});
