import { describe, expect, it } from 'vitest';
import { readClarificationReply, readVersionSwap, versionByAge } from './clarification';
import type { PendingClarification } from './dialog-state';

const pending: PendingClarification = { kind: 'version', question: 'How do I change my Wi-Fi password?', options: ['box3', 'box5'], lang: 'en' };
const read = (text: string) => readClarificationReply(text, pending);

describe('reading the reply to "which version do you have?"', () => {
  it.each([
    ['Box 5', 'box5'],
    ['box3', 'box3'],
    ['die Box 3', 'box3'],
    ["it's the 5", 'box5'],
    ['the 3', 'box3'],
    ["j'ai la plus récente", 'box5'],
    ['the newer one', 'box5'],
    ['die ältere', 'box3'],
    ['quella vecchia', 'box3'],
    ['la più recente', 'box5'],
    ['the first one', 'box3'],
    ['la deuxième', 'box5'],
    ['Ich habe die neue Box', 'box5'],
  ])('%s → %s', (text, version) => {
    expect(read(text)).toEqual({ kind: 'chosen', version });
  });

  it('treats a reply that says more as a new question, even when it names a version', () => {
    expect(read('how much does roaming cost in Italy?')).toEqual({ kind: 'new_question' });
    expect(read('Box 5, and how do I set up port forwarding on it?')).toEqual({ kind: 'new_question' });
  });

  it('does not guess when the reply names both or neither', () => {
    expect(read('Box 3 and Box 5')).toEqual({ kind: 'new_question' });
    expect(read('no idea')).toEqual({ kind: 'new_question' });
    expect(read('2')).toEqual({ kind: 'new_question' });
  });
});

describe('reading "and on the Box 3?" after an answer', () => {
  const options = { options: ['box3', 'box5'] };
  it.each([
    ['and on the Box 3?', 'box3'],
    ['ok and on the Box 3? my parents have that one', 'box3'],
    ['et sur une Box 3, ce serait quoi ?', 'box3'],
    ['e per il Box 5?', 'box5'],
    ['Und bei der Box 3? Die hat meine Mutter.', 'box3'],
  ])('%s → %s', (text, version) => {
    expect(readVersionSwap(text, options)).toEqual({ kind: 'chosen', version });
  });

  it('is a new question when another sentence asks something, or the version comes with a topic', () => {
    for (const text of ['And the Box 3? How do I reset it?', 'How do I reset the Box 5?', 'Box 3. And what does the red light mean?', 'and on the Box 3? or the Box 5?']) {
      expect(readVersionSwap(text, options), text).toEqual({ kind: 'new_question' });
    }
  });
});

describe('a model named by its age in a question', () => {
  const versions = ['box3', 'box5'];

  it.each([
    ['Bei meinen Schwiegereltern steht noch die ältere Box mit den vier Lämpchen. Wie setzt man die zurück?', 'box3'],
    ["My mum has the older box – how does she reset it?", 'box3'],
    ["Comment réinitialiser l'ancienne box de ma mère ?", 'box3'],
    ['Come si resetta il Box più vecchio?', 'box3'],
    ['Does the newest box have Wi-Fi 6?', 'box5'],
    ['Hat die neuere Box einen Nachtmodus?', 'box5'],
  ])('%s → %s', (text, version) => {
    expect(versionByAge(text, versions)).toBe(version);
  });

  it.each([
    ['Do I get a new box when I switch to Wave Home 1000?'],
    ['Wie setze ich meine aktuelle Box zurück?'],
    ['Is the older box or the newer box better for gaming?'],
    ['My older brother set up the Wi-Fi, how do I change the password?'],
  ])('not: %s', (text) => {
    expect(versionByAge(text, versions)).toBeUndefined();
  });
});
