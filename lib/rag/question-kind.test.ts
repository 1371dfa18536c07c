import { describe, expect, it } from 'vitest';
import { isHowToQuestion } from './question-kind';

describe('how-to questions', () => {
  it.each(['How do I restart my modem?', 'my modem needs a restart, how?', 'Wie ändere ich mein Abo?', 'Comment redémarrer la box ?', 'Come faccio a cambiare piano?', 'restart the box, how do I?'])('%s', (text) => {
    expect(isHowToQuestion(text)).toBe(true);
  });
  it.each(['restart my modem please', 'Change my plan to Wave Home 1000', 'Starte meine Box neu', 'Redémarrez ma box', 'Please tell me how much I owe'])('not: %s', (text) => {
    expect(isHowToQuestion(text)).toBe(false);
  });
});
