import type { TextLanguage } from './text';

/** The local language model's own words: the framing around quoted passages. */
export const PHRASES: Record<
  TextLanguage,
  { intro: (title: string, cite: string) => string; seeAlso: (title: string) => string; details: string; unknown: string; otherLanguage: string; done: string }
> = {
  en: {
    intro: (title, cite) => `Here's what our article “${title}” says ${cite}:`,
    seeAlso: (title) => `See also “${title}”:`,
    details: 'Also in this article:',
    unknown: "I don't know: the sources I was given don't answer this.",
    otherLanguage: '(This passage is only available in another language.)',
    done: 'Done.',
  },
  de: {
    intro: (title, cite) => `Das steht in unserem Artikel «${title}» ${cite}:`,
    seeAlso: (title) => `Siehe auch «${title}»:`,
    details: 'Ausserdem im Artikel:',
    unknown: 'Das weiss ich nicht: Die Quellen, die mir vorliegen, beantworten diese Frage nicht.',
    otherLanguage: '(Dieser Abschnitt ist nur in einer anderen Sprache verfügbar.)',
    done: 'Erledigt.',
  },
  fr: {
    intro: (title, cite) => `Voici ce que dit notre article « ${title} » ${cite} :`,
    seeAlso: (title) => `Voir aussi « ${title} » :`,
    details: 'Également dans cet article :',
    unknown: 'Je ne sais pas : les sources dont je dispose ne répondent pas à cette question.',
    otherLanguage: "(Ce passage n'existe que dans une autre langue.)",
    done: 'C’est fait.',
  },
  it: {
    intro: (title, cite) => `Ecco cosa dice il nostro articolo «${title}» ${cite}:`,
    seeAlso: (title) => `Si veda anche «${title}»:`,
    details: 'Inoltre, nello stesso articolo:',
    unknown: 'Non lo so: le fonti a mia disposizione non rispondono a questa domanda.',
    otherLanguage: '(Questo passaggio è disponibile solo in un’altra lingua.)',
    done: 'Fatto.',
  },
};
