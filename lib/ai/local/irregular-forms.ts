/**
 * Irregular forms of the verbs customers and help articles use: "I sent it back" and "send it
 * back", "se lo spengo" and "lo porti su O (spento)", "j'ai reçu un SMS" and "vous recevez un
 * SMS", "gestohlen" and "stehlen" name one action, but the stemmer keeps their stems apart (it
 * knows endings, not stem changes). Each entry lists a verb's forms, folded, the first one a form
 * whose stem its regular forms share ("apre", not "aprire": Snowball stems the infinitive apart);
 * every listed form's stem is read as that one's, so "aperto", "aperta" and "aperti" go with it
 * too. Listed, not guessed. Left out: forms whose stem is also a common noun's ("left", "saw",
 * "felt"; Italian "preso" — "presa" is the socket — "speso" — "spese" are the fees — "visto" the
 * visa, "letto" the bed; French "prise" the socket, "vue" the view; German "gefallen", "halt"),
 * and "won" (a contraction's part). A few regular forms the stemmer cuts too far are listed too.
 */
export const IRREGULAR_FORMS = {
  en: [
    ['send', 'sent'], ['pay', 'paid'], ['buy', 'bought'], ['get', 'got', 'gotten'], ['lose', 'lost'], ['forget', 'forgot', 'forgotten'],
    ['steal', 'stole', 'stolen'], ['take', 'took', 'taken'], ['break', 'broke', 'broken'], ['give', 'gave', 'given'], ['bring', 'brought'],
    ['come', 'came'], ['go', 'went', 'gone'], ['keep', 'kept'], ['make', 'made'], ['see', 'seen'], ['tell', 'told'], ['find', 'found'],
    ['begin', 'began', 'begun'], ['choose', 'chose', 'chosen'], ['write', 'wrote', 'written'], ['run', 'ran'], ['hold', 'held'],
    ['say', 'said'], ['know', 'knew', 'known'], ['understand', 'understood'], ['speak', 'spoke', 'spoken'], ['fall', 'fell', 'fallen'],
    ['freeze', 'froze', 'frozen'], ['hear', 'heard'], ['mean', 'meant'], ['spend', 'spent'], ['sell', 'sold'], ['show', 'shown'],
    ['think', 'thought'],
    // Regular, but stemmed apart: "added" and "adding" lose a "d", "try" keeps its "y".
    ['add', 'added', 'adding'], ['tries', 'try'],
    // One word for a verb and its particle: "login" is "log in", "setup" is "set up" (the particle
    // is a stop word, so the phrase reads as its verb).
    ['log', 'login', 'logins', 'logon'], ['set', 'setup'],
  ],
  de: [
    ['bekommen', 'bekam', 'bekamen'], ['erhalten', 'erhielt', 'erhielten'], ['stehlen', 'gestohlen', 'stahl', 'stiehlt'],
    ['verlieren', 'verloren', 'verlor'], ['vergessen', 'vergass', 'vergisst'], ['bringen', 'gebracht', 'brachte'], ['gehen', 'ging', 'gegangen'],
    ['kommen', 'kam', 'gekommen'], ['nehmen', 'nahm', 'genommen', 'nimmt'], ['geben', 'gab', 'gegeben', 'gibt'], ['sehen', 'sah', 'gesehen', 'sieht'],
    ['schreiben', 'schrieb', 'geschrieben'], ['finden', 'fand', 'gefunden'], ['bleiben', 'blieb', 'geblieben'], ['senden', 'gesendet', 'gesandt', 'sandte'],
    ['schliessen', 'geschlossen'], ['brechen', 'gebrochen', 'bricht'], ['sprechen', 'gesprochen', 'sprach', 'spricht'],
    ['ziehen', 'gezogen', 'zog'], ['umziehen', 'umgezogen'], ['laufen', 'gelaufen', 'lief', 'lauft'], ['ablaufen', 'abgelaufen'],
    ['beginnen', 'begonnen', 'begann'], ['helfen', 'geholfen', 'hilft'], ['treffen', 'getroffen', 'traf', 'trifft'],
  ],
  fr: [
    ['eteint', 'eteindre', 'eteins', 'eteignez', 'eteigne', 'eteignent'], ['met', 'mettre', 'mis', 'mise'],
    ['prend', 'prendre', 'pris', 'prenez', 'prennent'], ['recoit', 'recevoir', 'recu', 'recois', 'recoivent', 'recevez'],
    ['ouvre', 'ouvrir', 'ouvert'], ['offre', 'offrir', 'offert'], ['joint', 'joindre'],
    ['vient', 'venir', 'venu', 'viens', 'viennent'], ['tient', 'tenir', 'tenu', 'tiens'], ['ecrit', 'ecrire'],
    // Regular, but Snowball takes "-ive" off as an adjective's ending: "désactive" / "désactivé"
    // (folded alike) stemmed apart from "désactiver", "désactivez".
    ['desactiver', 'desactive'], ['recommencer', 'recommence'],
  ],
  it: [
    ['spegne', 'spegnere', 'spento', 'spengo', 'spenga', 'spengono'],
    ['accende', 'accendere', 'acceso', 'riaccende', 'riaccendere', 'riaccendo', 'riacceso'],
    ['mette', 'mettere', 'messo'], ['chiede', 'chiedere', 'chiesto'], ['risponde', 'rispondere', 'risposto'],
    ['sceglie', 'scegliere', 'scelto', 'scelgo', 'scelga'], ['perde', 'perdere', 'perso'], ['rompe', 'rompere', 'rotto'], ['scrive', 'scrivere', 'scritto'],
    ['rimane', 'rimanere', 'rimasto', 'rimango', 'rimanga'], ['chiude', 'chiudere', 'chiuso'], ['apre', 'aprire', 'aperto'],
    ['decide', 'decidere', 'deciso'], ['toglie', 'togliere', 'tolto', 'tolgo', 'tolga'], ['connette', 'connettere', 'connesso'],
    ['interrompe', 'interrompere', 'interrotto'],
    // Regular, but Snowball reads "-ica" as a noun's ending: "la modifica", "verifica" stemmed apart from "modificare".
    ['modificare', 'modifica'], ['verificare', 'verifica'], ['notificare', 'notifica'],
  ],
} satisfies Record<string, string[][]>;
