import type { Locale } from '@/lib/i18n/locales';

/**
 * The chat's fixed replies, in the customer's language. They are written by people, not
 * generated, so they are always correct and never need a citation.
 */
export type ChitChatKind = 'greeting' | 'thanks' | 'bye' | 'identity';

type Replies = {
  noAnswer: string;
  outOfScope: string;
  chitChat: Record<ChitChatKind, string>;
  signIn: string;
  accountSoon: string;
  clarifyVersion: (options: string[]) => string;
  modelUnavailable: string;
  /** Before an answer whose every source is in another language: says so plainly (languages named in the reply's language). */
  onlyInLanguages: (languages: string[]) => string;
  /** After the assistant opened a hand-off itself. */
  handoffOpened: string;
  /** A visitor (not signed in) asked for a person: the hand-off is theirs to open, no sign-in needed. */
  personOffer: string;
  /** Before an answer for the one product version the customer's account shows (e.g. "Box 5"). */
  forYourVersion: (label: string) => string;
  /** Before the troubleshooting article, for a customer whose area has an outage of that service. */
  outageFirst: (service: string, area: string, until: string | null) => string;
  /** What the services are called in `outageFirst`. */
  serviceNames: Record<'internet' | 'tv' | 'mobile', string>;
  /** Before the troubleshooting article, for a customer whose Box the network sees offline. */
  boxOffline: string;
  /** The quick reply that asks for a line test (recognised as that request: an approval card follows). */
  lineTestOffer: string;
  /** Before the article, for a customer whose services are restricted for an invoice overdue more than `days` days. */
  servicesRestricted: (days: number) => string;
  /** That cause in a few words, as a help center names it (searched with the customer's question). */
  restrictedCause: string;
  /** An outage in the customer's area, in the articles' words (searched with the question). */
  outageCause: string;
  /** The Box offline as the customer lives it, in the articles' words (searched with the question). */
  offlineCause: string;
};

const list = (options: string[], or: string) => (options.length <= 1 ? options.join('') : `${options.slice(0, -1).join(', ')} ${or} ${options.at(-1)}`);

export const REPLIES: Record<Locale, Replies> = {
  en: {
    noAnswer:
      "I'm sorry, I couldn't find an answer to that in our help articles, and I'd rather not guess. A member of our support team can help you: use **Talk to a person** below.",
    outOfScope:
      "That's outside what I can help with here. I can answer questions about your Alpenwave internet, mobile and TV services, your bill and your account — for example “Why is my internet slow?” or “How much does roaming cost?”.",
    chitChat: {
      greeting: 'Hello! How can I help you today? Ask me about your internet, mobile, TV or bill.',
      thanks: "You're welcome! Is there anything else I can help you with?",
      bye: 'Goodbye, and thank you for contacting Alpenwave!',
      identity:
        "I'm Alpenwave's virtual assistant. I answer from our help articles and always show where an answer comes from. If I can't help, a person from our support team can take over.",
    },
    signIn:
      'To look at or change your account, please [sign in](/login?callbackUrl=/chat) first — then ask again here and I can help with your bill, plan, appointments and modem.',
    accountSoon:
      "I can't change or look up account details in this chat yet. Our support team can do it for you: use **Talk to a person** below.",
    clarifyVersion: (options) => `Which one do you have: ${list(options, 'or')}? The answer differs between them.`,
    modelUnavailable:
      "I'm sorry, I can't answer right now because our answer service isn't responding. Please try again in a moment, or use **Talk to a person** below.",
    onlyInLanguages: (languages) => `Our help article on this is only available in ${list(languages, 'and')}.`,
    handoffOpened: 'I have asked a person from our support team to take over; they will reply here in this chat.',
    personOffer: 'Of course. A person from our support team can take over this conversation: use **Talk to a person** below.',
    forYourVersion: (label) => `For your ${label}, as on your account:`,
    outageFirst: (service, area, until) =>
      `There is a known ${service} outage in the ${area} area right now${until ? `, expected to be fixed by ${until}` : ''}. That is most likely the cause; our technicians are on it.`,
    serviceNames: { internet: 'internet', tv: 'TV', mobile: 'mobile' },
    boxOffline:
      'Our network does not see your Box online right now, so it cannot be restarted remotely: switch it off for 30 seconds and on again, and check its cable. I can also test your line from our side.',
    lineTestOffer: 'Test my line now',
    servicesRestricted: (days) =>
      `Your account shows an invoice more than ${days} days overdue, so your services are restricted: that is most likely the cause. They are restored once the payment is registered.`,
    restrictedCause: 'invoice overdue, services restricted',
    outageCause: 'check for outages in your area',
    offlineCause: 'no internet connection',
  },
  de: {
    noAnswer:
      'Dazu habe ich in unseren Hilfeartikeln leider keine Antwort gefunden, und raten möchte ich nicht. Unser Support-Team hilft Ihnen gerne weiter: Klicken Sie unten auf **Mit einer Person sprechen**.',
    outOfScope:
      'Dabei kann ich Ihnen hier leider nicht helfen. Ich beantworte Fragen zu Ihrem Alpenwave-Internet, Mobilfunk und TV, zu Ihrer Rechnung und Ihrem Konto — zum Beispiel «Warum ist mein Internet langsam?» oder «Was kostet Roaming?».',
    chitChat: {
      greeting: 'Grüezi! Wie kann ich Ihnen helfen? Fragen Sie mich zu Internet, Mobilfunk, TV oder Ihrer Rechnung.',
      thanks: 'Gern geschehen! Kann ich Ihnen sonst noch helfen?',
      bye: 'Auf Wiedersehen und danke, dass Sie Alpenwave kontaktiert haben!',
      identity:
        'Ich bin der virtuelle Assistent von Alpenwave. Ich antworte aus unseren Hilfeartikeln und zeige immer, woher eine Antwort stammt. Wenn ich nicht weiterhelfen kann, übernimmt eine Person aus unserem Support-Team.',
    },
    signIn:
      'Um Ihr Konto anzusehen oder zu ändern, [melden Sie sich bitte zuerst an](/login?callbackUrl=/chat) — fragen Sie dann hier noch einmal, und ich helfe Ihnen mit Rechnung, Abo, Terminen und Modem.',
    accountSoon:
      'Kontodaten kann ich in diesem Chat noch nicht abrufen oder ändern. Unser Support-Team erledigt das gerne für Sie: Klicken Sie unten auf **Mit einer Person sprechen**.',
    clarifyVersion: (options) => `Welches Gerät haben Sie: ${list(options, 'oder')}? Die Antwort ist je nach Gerät unterschiedlich.`,
    modelUnavailable:
      'Entschuldigung, ich kann gerade nicht antworten, weil unser Antwortdienst nicht reagiert. Bitte versuchen Sie es gleich noch einmal oder klicken Sie unten auf **Mit einer Person sprechen**.',
    onlyInLanguages: (languages) => `Unser Hilfeartikel dazu ist nur auf ${list(languages, 'und')} verfügbar.`,
    handoffOpened: 'Ich habe eine Person aus unserem Support-Team gebeten, zu übernehmen; sie antwortet Ihnen hier im Chat.',
    personOffer: 'Gerne. Eine Person aus unserem Support-Team kann dieses Gespräch übernehmen: Klicken Sie unten auf **Mit einer Person sprechen**.',
    forYourVersion: (label) => `Für Ihre ${label} gemäss Ihrem Konto:`,
    outageFirst: (service, area, until) =>
      `Im Gebiet ${area} gibt es zurzeit eine bekannte ${service}-Störung${until ? `, die bis ${until} behoben sein sollte` : ''}. Das ist sehr wahrscheinlich die Ursache; unsere Technik arbeitet daran.`,
    serviceNames: { internet: 'Internet', tv: 'TV', mobile: 'Mobilfunk' },
    boxOffline:
      'Unser Netz sieht Ihre Box zurzeit nicht online, deshalb lässt sie sich nicht aus der Ferne neu starten: Schalten Sie sie 30 Sekunden aus und wieder ein und prüfen Sie das Kabel. Ich kann auch Ihre Leitung von unserer Seite aus testen.',
    lineTestOffer: 'Meine Leitung jetzt testen',
    servicesRestricted: (days) =>
      `Ihr Konto zeigt eine Rechnung, die seit mehr als ${days} Tagen überfällig ist; deshalb sind Ihre Dienste eingeschränkt – das ist sehr wahrscheinlich die Ursache. Sobald die Zahlung verbucht ist, werden sie wieder freigeschaltet.`,
    restrictedCause: 'Rechnung überfällig, Dienste eingeschränkt',
    outageCause: 'Störungen in Ihrer Region prüfen',
    offlineCause: 'keine Internetverbindung',
  },
  fr: {
    noAnswer:
      "Je n'ai malheureusement pas trouvé de réponse à cette question dans nos articles d'aide, et je préfère ne pas deviner. Notre équipe support peut vous aider : utilisez **Parler à une personne** ci-dessous.",
    outOfScope:
      "Je ne peux malheureusement pas vous aider sur ce sujet ici. Je réponds aux questions sur votre internet, mobile et TV Alpenwave, votre facture et votre compte — par exemple « Pourquoi mon internet est-il lent ? » ou « Combien coûte le roaming ? ».",
    chitChat: {
      greeting: "Bonjour ! Comment puis-je vous aider ? Posez-moi vos questions sur internet, le mobile, la TV ou votre facture.",
      thanks: 'Avec plaisir ! Puis-je vous aider pour autre chose ?',
      bye: "Au revoir, et merci d'avoir contacté Alpenwave !",
      identity:
        "Je suis l'assistant virtuel d'Alpenwave. Je réponds à partir de nos articles d'aide et j'indique toujours d'où vient une réponse. Si je ne peux pas vous aider, une personne de notre équipe support prend le relais.",
    },
    signIn:
      "Pour consulter ou modifier votre compte, veuillez d'abord [vous connecter](/login?callbackUrl=/chat) — puis reposez votre question ici : je pourrai vous aider pour votre facture, votre abonnement, vos rendez-vous et votre modem.",
    accountSoon:
      "Je ne peux pas encore consulter ni modifier les données de votre compte dans ce chat. Notre équipe support s'en charge volontiers : utilisez **Parler à une personne** ci-dessous.",
    clarifyVersion: (options) => `Lequel avez-vous : ${list(options, 'ou')} ? La réponse diffère selon le modèle.`,
    modelUnavailable:
      'Désolé, je ne peux pas répondre pour le moment car notre service de réponse ne répond pas. Réessayez dans un instant ou utilisez **Parler à une personne** ci-dessous.',
    onlyInLanguages: (languages) => `Notre article d'aide à ce sujet n'existe qu'en ${list(languages, 'et')}.`,
    handoffOpened: "J'ai demandé à une personne de notre équipe support de prendre le relais ; elle vous répondra ici, dans ce chat.",
    personOffer: "Bien sûr. Une personne de notre équipe support peut reprendre cette conversation : utilisez **Parler à une personne** ci-dessous.",
    forYourVersion: (label) => `Pour votre ${label}, selon votre compte :`,
    outageFirst: (service, area, until) =>
      `Une panne ${service} est en cours dans la région de ${area}${until ? `, dont la réparation est prévue d'ici ${until}` : ''}. C'est très probablement la cause ; nos techniciens s'en occupent.`,
    serviceNames: { internet: 'Internet', tv: 'TV', mobile: 'mobile' },
    boxOffline:
      "Notre réseau ne voit pas votre Box en ligne pour le moment, elle ne peut donc pas être redémarrée à distance : éteignez-la 30 secondes puis rallumez-la, et vérifiez son câble. Je peux aussi tester votre ligne depuis notre réseau.",
    lineTestOffer: 'Tester ma ligne maintenant',
    servicesRestricted: (days) =>
      `Votre compte indique une facture impayée depuis plus de ${days} jours : vos services sont donc restreints, c'est très probablement la cause. Ils sont rétablis dès que le paiement est enregistré.`,
    restrictedCause: 'facture impayée, services restreints',
    outageCause: "vérifier s'il y a une panne dans votre région",
    offlineCause: 'pas de connexion Internet',
  },
  it: {
    noAnswer:
      "Purtroppo non ho trovato una risposta a questa domanda nei nostri articoli di aiuto e preferisco non tirare a indovinare. Il nostro team di supporto può aiutarLa: clicchi su **Parlare con una persona** qui sotto.",
    outOfScope:
      "Purtroppo qui non posso aiutarLa su questo argomento. Rispondo a domande su internet, mobile e TV di Alpenwave, sulla fattura e sul Suo conto — per esempio «Perché internet è lento?» o «Quanto costa il roaming?».",
    chitChat: {
      greeting: 'Buongiorno! Come posso aiutarLa? Mi chieda di internet, mobile, TV o della Sua fattura.',
      thanks: 'Prego! Posso aiutarLa in altro?',
      bye: 'Arrivederci e grazie per aver contattato Alpenwave!',
      identity:
        "Sono l'assistente virtuale di Alpenwave. Rispondo in base ai nostri articoli di aiuto e mostro sempre da dove viene una risposta. Se non posso aiutarLa, subentra una persona del nostro team di supporto.",
    },
    signIn:
      'Per vedere o modificare il Suo conto, prima [acceda](/login?callbackUrl=/chat) — poi chieda di nuovo qui e potrò aiutarLa con fattura, abbonamento, appuntamenti e modem.',
    accountSoon:
      'In questa chat non posso ancora consultare o modificare i dati del Suo conto. Il nostro team di supporto lo fa volentieri per Lei: clicchi su **Parlare con una persona** qui sotto.',
    clarifyVersion: (options) => `Quale ha: ${list(options, 'o')}? La risposta cambia a seconda del modello.`,
    modelUnavailable:
      'Spiacente, al momento non posso rispondere perché il nostro servizio di risposta non risponde. Riprovi tra poco o clicchi su **Parlare con una persona** qui sotto.',
    onlyInLanguages: (languages) => `Il nostro articolo su questo argomento è disponibile solo in ${list(languages, 'e')}.`,
    handoffOpened: 'Ho chiesto a una persona del nostro team di supporto di subentrare; Le risponderà qui in chat.',
    personOffer: 'Certo. Una persona del nostro team di supporto può continuare questa conversazione: clicchi su **Parlare con una persona** qui sotto.',
    forYourVersion: (label) => `Per il Suo ${label}, secondo il Suo conto:`,
    outageFirst: (service, area, until) =>
      `Al momento c'è un guasto ${service} noto nella zona di ${area}${until ? `, che dovrebbe essere risolto entro ${until}` : ''}. È molto probabilmente la causa; i nostri tecnici ci stanno lavorando.`,
    serviceNames: { internet: 'Internet', tv: 'TV', mobile: 'della rete mobile' },
    boxOffline:
      'La nostra rete non vede il Suo Box online in questo momento, quindi non può essere riavviato a distanza: lo spenga per 30 secondi e lo riaccenda, e controlli il cavo. Posso anche testare la Sua linea dalla nostra rete.',
    lineTestOffer: 'Testare la mia linea ora',
    servicesRestricted: (days) =>
      `Dal Suo conto risulta una fattura scaduta da più di ${days} giorni: per questo i Suoi servizi sono limitati, ed è molto probabilmente la causa. Vengono ripristinati appena il pagamento è registrato.`,
    restrictedCause: 'fattura scaduta, servizi limitati',
    outageCause: "verificare se c'è un guasto nella Sua zona",
    offlineCause: 'nessuna connessione Internet',
  },
};
