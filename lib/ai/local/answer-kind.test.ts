import { describe, expect, it } from 'vitest';
import { answerKindFit, cueWords, holdsAnswerKind, statesNecessityOf, wantedAnswerKinds } from './answer-kind';
import { termOf } from './text';

describe('wantedAnswerKinds', () => {
  it('reads the kind of answer from the question’s form, in four languages', () => {
    expect(wantedAnswerKinds('How much does roaming cost in Italy?', 'en')).toEqual(['amount']);
    expect(wantedAnswerKinds('Wie teuer ist Roaming in Italien?', 'de')).toEqual(['amount']);
    expect(wantedAnswerKinds('Combien coûte le roaming en Allemagne ?', 'fr')).toEqual(['amount']);
    expect(wantedAnswerKinds('Quanto costa il roaming in Francia?', 'it')).toEqual(['amount']);
    expect(wantedAnswerKinds('How long does porting my number take?', 'en')).toEqual(['duration']);
    expect(wantedAnswerKinds('Combien de temps dure le transfert ?', 'fr')).toEqual(['duration']);
    expect(wantedAnswerKinds('How do I restart my Box 3?', 'en')).toEqual(['steps']);
    expect(wantedAnswerKinds('Come posso pagare la fattura?', 'it')).toEqual(['steps']);
    expect(wantedAnswerKinds('Où trouver mes factures ?', 'fr')).toEqual(['place']);
  });

  it('reads a question asking when as a time, not "when" joining two clauses', () => {
    expect(wantedAnswerKinds('When does the new plan start?', 'en')).toEqual(['duration']);
    expect(wantedAnswerKinds('Wann kommt der Techniker?', 'de')).toEqual(['duration']);
    expect(wantedAnswerKinds("Quand est-ce que la facture arrive ?", 'fr')).toEqual(['duration']);
    expect(wantedAnswerKinds("What happens when it's used up?", 'en')).toEqual(['outcome']);
    expect(wantedAnswerKinds('Was passiert, wenn die Rechnung offen bleibt?', 'de')).toEqual(['outcome']);
  });

  it('reads a question offering two times to choose from as asking when', () => {
    expect(wantedAnswerKinds('If I upgrade, do I get the extra data right away or only next month?', 'en')).toContain('duration');
    expect(wantedAnswerKinds('Bekomme ich die Sender sofort oder erst nächsten Monat?', 'de')).toContain('duration');
    expect(wantedAnswerKinds("J'ai les chaînes tout de suite ou seulement le mois prochain ?", 'fr')).toContain('duration');
    expect(wantedAnswerKinds('I canali li ho subito o il mese prossimo?', 'it')).toContain('duration');
    // An "or" between things, not times, asks no time, even with a time elsewhere in the message.
    expect(wantedAnswerKinds('My box restarted yesterday. Should I reset it or call you?', 'en')).not.toContain('duration');
    expect(wantedAnswerKinds('Box 3 or Box 5: which one is faster?', 'en')).not.toContain('duration');
  });

  it('says nothing for a question that does not ask for a form, and reads "ou" (or) as no place', () => {
    expect(wantedAnswerKinds('internet slow', 'en')).toEqual([]);
    expect(wantedAnswerKinds('Box 3 ou Box 5', 'fr')).toEqual([]);
  });

  it('reads "how many" as a count, unless it asks how many days (a duration); "what do I pay" as an amount', () => {
    expect(wantedAnswerKinds('how many wave extenders can I pair with one box 5?', 'en')).toEqual(['count']);
    expect(wantedAnswerKinds('Wie viele Geräte kann ich verbinden?', 'de')).toEqual(['count']);
    // "maximal", "au maximum": the most there can be — a number, unless the question asks how long.
    expect(wantedAnswerKinds('Wieviele Regeln kann ich maximal anlegen?', 'de')).toEqual(['count']);
    expect(wantedAnswerKinds('Je peux enregistrer au maximum combien de séries ?', 'fr')).toEqual(['count']);
    expect(wantedAnswerKinds('Wie lange dauert es maximal?', 'de')).toEqual(['duration']);
    expect(wantedAnswerKinds('Combien de jours pour le portage ?', 'fr')).toEqual(['duration']);
    expect(wantedAnswerKinds('on wave phone basic what do i pay per minute?', 'en')).toEqual(['amount']);
    expect(wantedAnswerKinds('Was zahle ich pro Minute?', 'de')).toEqual(['amount']);
  });

  it('reads a contact detail the steps act on as steps; a question to reach someone as a contact', () => {
    expect(wantedAnswerKinds('How do I change my email address?', 'en')).toEqual(['steps']);
    expect(wantedAnswerKinds('Wie ändere ich meine Telefonnummer?', 'de')).toEqual(['steps']);
    expect(wantedAnswerKinds('Comment modifier mon adresse e-mail ?', 'fr')).toEqual(['steps']);
    expect(wantedAnswerKinds('Come posso cambiare il mio numero di telefono?', 'it')).toEqual(['steps']);
    expect(wantedAnswerKinds('What is the hotline phone number?', 'en')).toEqual(['contact']);
    expect(wantedAnswerKinds('How can I reach the hotline?', 'en')).toContain('contact');
    expect(wantedAnswerKinds('Comment joindre le service client ?', 'fr')).toContain('contact');
  });

  it('reads how long and how much however the grammar asks it', () => {
    expect(wantedAnswerKinds('Wie lang muss man auf den Reset drücken?', 'de')).toEqual(['duration']);
    expect(wantedAnswerKinds('Ab wann ist das ein Fall für euch?', 'de')).toEqual(['duration']);
    expect(wantedAnswerKinds('quanto devo aspettare prima di riaccenderla?', 'it')).toEqual(['duration']);
    expect(wantedAnswerKinds('fino a quanto indietro posso scaricare le fatture?', 'it')).toEqual(['duration']);
    expect(wantedAnswerKinds('Se non restituisco la Box, quanto mi fate pagare?', 'it')).toEqual(['amount']);
    expect(wantedAnswerKinds('Quanto dovrei pagare in tutto?', 'it')).toEqual(['amount']);
    expect(wantedAnswerKinds('Quanto si deve attendere dopo il reset?', 'it')).toEqual(['duration']);
    // The words that ask it are the question's form, not its topic.
    expect([...cueWords('se non la restituisco quanto mi fate pagare?', 'it', ['amount'])].sort()).toEqual(['fate', 'mi', 'pagare', 'quanto']);
    expect(wantedAnswerKinds('ça va coûter combien ?', 'fr')).toEqual(['amount']);
    expect(wantedAnswerKinds('Les factures papier sont payantes ?', 'fr')).toEqual(['amount']);
  });

  it('reads "what happens if…" as asking what follows (a fee, a deadline), not for steps, in four languages', () => {
    expect(wantedAnswerKinds('What happens if I just keep the Box?', 'en')).toEqual(['outcome']);
    expect(wantedAnswerKinds('Was passiert, wenn die Lastschrift nicht durchgeht?', 'de')).toEqual(['outcome']);
    expect(wantedAnswerKinds('Qu’est-ce qui se passe si je ne paie pas ?', 'fr')).toEqual(['outcome']);
    expect(wantedAnswerKinds('Cosa succede se non restituisco il modem?', 'it')).toEqual(['outcome']);
    expect(wantedAnswerKinds('What happens and how do I fix it?', 'en')).toEqual(['steps', 'outcome']);
  });

  it('reads "what does it mean" as a meaning, not steps, in four languages; "I mean" is no such question', () => {
    expect(wantedAnswerKinds('What does the orange light on my Box mean?', 'en')).toEqual(['meaning']);
    expect(wantedAnswerKinds('what do the four lights mean', 'en')).toEqual(['meaning']);
    expect(wantedAnswerKinds('Was bedeutet es, wenn am Modem ein Lämpchen rot blinkt?', 'de')).toEqual(['meaning']);
    expect(wantedAnswerKinds('Was heisst es, wenn das Licht orange blinkt?', 'de')).toEqual(['meaning']);
    expect(wantedAnswerKinds('La barre clignote en orange. Qu’est-ce que ça veut dire ?', 'fr')).toEqual(['meaning']);
    expect(wantedAnswerKinds('la spia internet lampeggia rossa, cosa vuol dire?', 'it')).toEqual(['meaning']);
    expect(wantedAnswerKinds('I mean, how do I restart it?', 'en')).toEqual(['steps']);
    expect(wantedAnswerKinds('What does it cost?', 'en')).toEqual(['amount']);
  });

  it('reads "why", "what\'s going on" as asking for the cause, not steps, in four languages', () => {
    expect(wantedAnswerKinds('Our smart plugs keep dropping off the wifi. Any idea what’s going on?', 'en')).toEqual(['cause']);
    expect(wantedAnswerKinds('why is my bill so high this month??', 'en')).toEqual(['cause']);
    expect(wantedAnswerKinds('Warum ist meine erste Rechnung so hoch?', 'de')).toEqual(['cause']);
    expect(wantedAnswerKinds('Pourquoi ma première facture est-elle si élevée ?', 'fr')).toEqual(['cause']);
    expect(wantedAnswerKinds('Come mai la TV si blocca ogni sera?', 'it')).toEqual(['cause']);
    expect(wantedAnswerKinds('Perché la prima fattura è così alta?', 'it')).toEqual(['cause']);
    expect(answerKindFit('1. Unplug the TV Box.\n2. Plug it back in.', 'cause')).toBe(0);
  });

  it('keeps the words of a meaning question as terms: the explaining articles use them in their titles', () => {
    expect([...cueWords('Was bedeuten die Lämpchen?', 'de', ['meaning'])]).toEqual([]);
  });

  it('finds what follows in a passage with a fee or a deadline, as a mild preference', () => {
    expect(answerKindFit('A fee of CHF 15 is charged.', 'outcome')).toBe(0.5);
    expect(answerKindFit('Your services are blocked 30 days after the due date.', 'outcome')).toBe(0.5);
    expect(answerKindFit('We contact you by email.', 'outcome')).toBe(0);
  });

  it('keeps every part of a multi-part question', () => {
    expect(wantedAnswerKinds('how much is roaming in italy and how do i turn it off', 'en')).toEqual(['amount', 'steps']);
  });
});

describe('a question whether something must be done', () => {
  it('asks whether it is needed, in four languages, an adverb or "est-ce que" between', () => {
    expect(wantedAnswerKinds('Do I need to factory reset the Box before I send it back?', 'en')).toEqual(['necessity']);
    expect(wantedAnswerKinds('Do I actually have to send the Box back?', 'en')).toEqual(['necessity']);
    expect(wantedAnswerKinds('Muss ich die Box zurückschicken?', 'de')).toEqual(['necessity']);
    expect(wantedAnswerKinds('Est-ce que je dois résilier moi-même mon ancien abonnement ?', 'fr')).toEqual(['necessity']);
    expect(wantedAnswerKinds('il modem lo devo restituire?', 'it')).toEqual(['necessity']);
  });

  it('asks for steps or a time after a question word, and for the amount when it asks what to pay', () => {
    expect(wantedAnswerKinds('What do I need to do?', 'en')).not.toContain('necessity');
    expect(wantedAnswerKinds('How long do I have to return it?', 'en')).toEqual(['duration']);
    expect(wantedAnswerKinds('Was muss ich tun?', 'de')).toEqual(['steps']);
    expect(wantedAnswerKinds('Cosa devo fare?', 'it')).toEqual(['steps']);
    expect(wantedAnswerKinds('Do I have to pay the early termination fee?', 'en')).toEqual(['amount']);
  });

  it('is not asked by a clause that only says what the customer has to do', () => {
    expect(wantedAnswerKinds('Devo riavviare il modem, come si fa?', 'it')).toEqual(['steps']);
    expect(wantedAnswerKinds('Je dois changer de modem, comment je fais ?', 'fr')).toEqual(['steps']);
  });

  it('is answered where the text says that what was asked must, or need not, be done', () => {
    const asked = (words: string[]) => (t: string) => words.some((w) => termOf(w, 'en') === t);
    const resetAsked = asked(['factory', 'reset']);
    expect(statesNecessityOf('You do not need to factory reset the Box; we delete all data.', 'en', resetAsked)).toBe(true);
    expect(statesNecessityOf('Mesh connections to your Wave Extenders (they must be paired again)', 'en', resetAsked)).toBe(false);
    // German puts the verb last: the asked word may come before the necessity word.
    expect(statesNecessityOf('Die Box müssen Sie nicht zurücksetzen.', 'de', (t) => t === termOf('zurucksetzen', 'de'))).toBe(true);
  });
});

describe('cueWords', () => {
  it('drops the words that only ask for the form, keeps the nouns that name the topic', () => {
    expect([...cueWords('Wie teuer ist Roaming?', 'de', ['amount'])]).toEqual(['teuer']);
    expect([...cueWords('How much is the fee for paper invoices?', 'en', ['amount'])].sort()).toEqual(['how', 'much']);
  });

  it('keeps a cue that is a noun phrase naming the topic ("notice period", "phone number")', () => {
    expect([...cueWords('whats the notice period for internet', 'en', ['duration'])]).toEqual([]);
    expect([...cueWords('numero de telephone du support', 'fr', ['contact'])]).toEqual([]);
  });
});

describe('holdsAnswerKind', () => {
  it('finds amounts, durations and contacts as the passages write them', () => {
    expect(holdsAnswerKind('| Data per MB | CHF 0.15 |', 'amount')).toBe(true);
    expect(holdsAnswerKind('SMS received: free', 'amount')).toBe(true);
    expect(holdsAnswerKind('Les données coûtent 0,15 CHF par Mo.', 'amount')).toBe(true);
    expect(holdsAnswerKind('Roaming is blocked by default.', 'amount')).toBe(false);
    expect(holdsAnswerKind('Porting takes 1 to 3 working days.', 'duration')).toBe(true);
    expect(holdsAnswerKind('Die Kündigungsfrist beträgt einen Monat.', 'duration')).toBe(true);
    // A year as a deadline answers "until when"; a year alone ("phones from 2019") does not.
    expect(holdsAnswerKind('La Box 3 reçoit des mises à jour de sécurité jusqu\'à fin 2027.', 'duration')).toBe(true);
    expect(holdsAnswerKind('Die Box 3 erhält Sicherheitsupdates bis Ende 2027.', 'duration')).toBe(true);
    expect(holdsAnswerKind('Most phones from 2019 support eSIM.', 'duration')).toBe(false);
    expect(holdsAnswerKind('Call us on 0800 246 246.', 'contact')).toBe(true);
    expect(holdsAnswerKind('Call us any time.', 'contact')).toBe(false);
    expect(holdsAnswerKind('- Up to **3 Wave Extenders** per Box 5.', 'count')).toBe(true);
    expect(holdsAnswerKind('Sie können zwei TV-Boxen anschliessen.', 'count')).toBe(true);
    // A list's numbering, an address or a time is not a count.
    expect(holdsAnswerKind('1. Open http://192.168.1.1 at 02:00.', 'count')).toBe(false);
    expect(holdsAnswerKind('Place it halfway between the Box and the dead zone.', 'count')).toBe(false);
    // A name's number inside a sentence ("Box 5", "Zone 1") is not a count either.
    expect(holdsAnswerKind('Auf der Alpenwave Box 5 erstellen Sie Regeln in der App.', 'count')).toBe(false);
    expect(holdsAnswerKind('Calls in **Zone 1** are included.', 'count')).toBe(false);
    expect(holdsAnswerKind('Die Box 5 unterstützt bis zu **64 Regeln**.', 'count')).toBe(true);
    expect(holdsAnswerKind('Maximal 64 Regeln.', 'count')).toBe(true);
  });

  it('rates numbered steps above a single menu path for a "how do I" question', () => {
    expect(answerKindFit('1. Open the app.\n2. Tap Save.', 'steps')).toBe(1);
    expect(answerKindFit('Tap **Home > Wi-Fi**.', 'steps')).toBe(0.5);
    expect(answerKindFit('A restart fixes most problems.', 'steps')).toBe(0);
  });

  it('rates a menu path or a contact as a place, a bold phrase alone (a button, or emphasis) half', () => {
    expect(answerKindFit('Go to **Profile > Language**.', 'place')).toBe(1);
    expect(answerKindFit('Forward it to **phishing@alpenwave.ch**.', 'place')).toBe(1);
    expect(answerKindFit('**"You have a refund of CHF 84.50"** asking for your card.', 'place')).toBe(0.5);
    expect(answerKindFit('Scammers send fake e-mails.', 'place')).toBe(0);
  });
});

describe('asking which offer to take', () => {
  it.each([
    ['Which plan should I take for a month in Spain?', 'en'],
    ['What bundle would you recommend for a family of four?', 'en'],
    ['Welches Abo soll ich für meine Tochter nehmen?', 'de'],
    ['quel forfait vous me conseillez pour le Portugal ?', 'fr'],
    ['Quale offerta devo scegliere per la casa al mare?', 'it'],
  ] as const)('"%s" asks for an option', (question, lang) => {
    expect(wantedAnswerKinds(question, lang)).toContain('option');
  });

  it.each([
    ['Which number do I call to block my SIM?', 'en'],
    ['Welche Nummer muss ich anrufen?', 'de'],
    ['Which port on the Box 5 and what kind of cable do I need to get more than 1 Gbit/s?', 'en'],
  ] as const)('"%s" does not', (question, lang) => {
    expect(wantedAnswerKinds(question, lang)).not.toContain('option');
  });
});

describe('telling that something fails', () => {
  it.each([
    ['cant log in to the app', 'en'],
    ['the remote is not working since yesterday', 'en'],
    ['Das WLAN geht nicht mehr', 'de'],
    ["je n'arrive pas à envoyer des SMS", 'fr'],
    ['non riesco ad accedere', 'it'],
  ] as const)('"%s" asks about trouble', (question, lang) => {
    expect(wantedAnswerKinds(question, lang)).toContain('trouble');
  });

  it('"How do I log in?" does not', () => {
    expect(wantedAnswerKinds('How do I log in?', 'en')).not.toContain('trouble');
  });
});
