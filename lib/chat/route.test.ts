import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadQa } from '@/lib/eval/qa';
import { isDirectAccountRequest as isAccountRequest } from '@/lib/actions/intents';
import { chitChatKind, routeByForm, type ChitChatKind } from './route';

const chitChat: Record<ChitChatKind, string[]> = {
  greeting: ['Hi', 'Hello!', 'hey there', 'Good morning', 'Grüezi', 'Guten Tag', 'Hallo zusammen', 'Bonjour', 'Salut à tous', 'Ciao', 'Buongiorno', 'Salve a tutti'],
  thanks: ['Thanks!', 'thank you so much', 'ok thanks', 'Danke schön', 'Vielen Dank!', 'Danke, das hat geholfen', 'Merci beaucoup', 'Ça m’a aidé', 'Grazie mille', 'Perfetto, grazie'],
  bye: ['Bye', 'Goodbye!', 'Tschüss', 'Auf Wiedersehen', 'Au revoir', 'À bientôt', 'Arrivederci', 'A presto'],
  identity: ['Who are you?', 'Are you a bot?', 'Wer bist du?', 'Bist du ein Mensch?', 'Qui es tu ?', 'Tu es un robot ?', 'Chi sei?', 'Sei un bot?'],
};

describe('chitChatKind', () => {
  for (const [kind, messages] of Object.entries(chitChat)) {
    it(`recognises ${kind} in four languages`, () => {
      for (const message of messages) {
        expect(chitChatKind(message), message).toBe(kind);
        expect(routeByForm(message), message).toBe('chit_chat');
      }
    });
  }

  it('does not take a greeting or thanks followed by a question for chit-chat', () => {
    for (const message of ['hi, my internet is slow', 'Hello, how do I restart my box?', 'thanks but it still does not work', 'Bonjour, ma box clignote en rouge', 'who are you calling from alpenwave?']) {
      expect(chitChatKind(message), message).toBeUndefined();
      expect(routeByForm(message), message).toBe('knowledge');
    }
  });

  // normalise() keeps hyphens, so the standard French inversion "Qui es-tu ?" / "Es-tu un robot ?"
  // reaches the identity pattern as "qui es-tu" and does not match "qui es tu".
  it('recognises the French identity question written the standard way, with a hyphen', () => {
    expect(chitChatKind('Qui es-tu ?')).toBe('identity');
    expect(chitChatKind('Es-tu un robot ?')).toBe('identity');
  });
});

describe('isAccountRequest', () => {
  const requests = [
    'show me my bill',
    'change my plan to Wave Fiber 1000',
    "What's my current plan?",
    'how much do I owe?',
    'Reschedule my technician appointment',
    'Zeig mir meine Rechnung',
    'Was kostet mein Abo?',
    'Wechsle mich auf Wave Fiber 1000',
    'montre-moi ma facture',
    'Montrez-moi mon abonnement',
    'Passez-moi à l’offre Wave Fiber 1000',
    'mostrami la mia fattura',
    'Cambia il mio abbonamento a Wave Fiber 1000',
    'Qual è la mia fattura attuale?',
  ];

  it('recognises requests for the customer’s own account data in four languages', () => {
    for (const message of requests) {
      expect(isAccountRequest(message), message).toBe(true);
      expect(routeByForm(message), message).toBe('account');
    }
  });

  it('leaves questions about how to do it to the knowledge path', () => {
    for (const message of [
      'How do I change my plan?',
      'why is my bill so high?',
      'restart my modem',
      'Wie kann ich mein Abo wechseln?',
      'Warum ist meine erste Rechnung so hoch?',
      'Comment changer mon abonnement ?',
      'Come posso vedere la mia fattura?',
    ]) {
      expect(isAccountRequest(message), message).toBe(false);
      expect(routeByForm(message), message).toBe('knowledge');
    }
  });

  // The English "show|see|check … my bill" pattern has no guard against a how-to frame, so a
  // question about where to find one's bills (the e-bill article answers it) is routed to the
  // account tools, against the module's own rule "not questions about how to".
  it('leaves "where can I see my invoice?" to the knowledge path', () => {
    expect(routeByForm('How can I see my bill online?')).toBe('knowledge');
    expect(routeByForm('Where can I see my invoice?')).toBe('knowledge');
  });
});

describe('routeByForm on the golden questions', () => {
  const items = loadQa(path.join(import.meta.dirname, '../../content/golden'));

  it('loads all four languages of the golden set', () => {
    expect(new Set(items.map((q) => q.lang))).toEqual(new Set(['en', 'de', 'fr', 'it']));
    expect(items.length).toBeGreaterThan(100);
  });

  it('routes every golden question, and every earlier question of their conversations, to knowledge', () => {
    const misrouted = items.flatMap((q) =>
      [q.question, ...(q.history ?? []).filter((t) => t.role === 'user').map((t) => t.content)]
        .map((text) => ({ id: q.id, text, route: routeByForm(text) }))
        .filter((r) => r.route !== 'knowledge'),
    );
    expect(misrouted).toEqual([]);
  });
});
