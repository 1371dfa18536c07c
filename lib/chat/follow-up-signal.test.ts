import { describe, expect, it } from 'vitest';
import { followUpSignal } from './follow-up-signal';

describe('followUpSignal', () => {
  it('reads the same question in other words as asked again, in any of the four languages', () => {
    expect(followUpSignal({ question: 'How do I set up voicemail on my phone?', lang: 'en' }, { question: 'how do I set up the voicemail please', route: 'knowledge' })).toBe('asked_again');
    expect(followUpSignal({ question: 'Wie teuer ist Roaming in Italien?', lang: 'de' }, { question: 'Was kostet Roaming in Italien?', route: 'knowledge' })).toBe('asked_again');
    expect(followUpSignal({ question: 'Comment payer ma facture ?', lang: 'fr' }, { question: 'je veux payer les factures', route: 'knowledge' })).toBe('asked_again');
  });

  it('reads another topic as moving on, and a chit-chat message as thanks', () => {
    expect(followUpSignal({ question: 'How do I restart my Box 5?', lang: 'en' }, { question: 'How much is roaming in Italy?', route: 'knowledge' })).toBe('moved_on');
    expect(followUpSignal({ question: 'How do I restart my Box 5?', lang: 'en' }, { question: 'thanks!', route: 'chit_chat' })).toBe('thanked');
    expect(followUpSignal({ question: '???', lang: 'en' }, { question: 'restart', route: 'knowledge' })).toBe('moved_on');
  });
});
