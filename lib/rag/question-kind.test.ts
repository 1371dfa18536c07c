import { describe, expect, it } from 'vitest';
import { isHowToQuestion, isHypotheticalQuestion } from './question-kind';

describe('how-to questions', () => {
  it.each(['How do I restart my modem?', 'my modem needs a restart, how?', 'Wie ändere ich mein Abo?', 'Comment redémarrer la box ?', 'Come faccio a cambiare piano?', 'restart the box, how do I?'])('%s', (text) => {
    expect(isHowToQuestion(text)).toBe(true);
  });
  it.each(['restart my modem please', 'Change my plan to Wave Home 1000', 'Starte meine Box neu', 'Redémarrez ma box', 'Please tell me how much I owe'])('not: %s', (text) => {
    expect(isHowToQuestion(text)).toBe(false);
  });
});

describe('questions about what would follow a change', () => {
  it.each([
    "si je passe de TV Basic a TV Plus, j'ai les chaines en plus tout de suite ?",
    'If I switch to Wave Mobile L today, when do I get the data?',
    'Wenn ich heute auf Mobile L wechsle, wann habe ich die Daten?',
    'Se passo a TV Plus, ho subito i canali?',
  ])('%s', (text) => {
    expect(isHypotheticalQuestion(text)).toBe(true);
  });
  it.each(['Change my plan to Wave Home 1000', 'Can you switch me to Mobile L?', 'if I switch to L, please do it now'])('not: %s', (text) => {
    expect(isHypotheticalQuestion(text)).toBe(false);
  });
});
