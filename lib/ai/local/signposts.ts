import type { TextLanguage } from './text';

/**
 * A sentence that announces what an article is about ("This article explains what happens when
 * the volume is used up and how to get more data.") restates the questions the article answers,
 * so it matches them better than the passage that answers them, and says nothing itself. Only
 * the announcing verbs count: "This article is for the Box 3" states a fact and is not one.
 */
const SIGNPOSTS: Record<TextLanguage, RegExp> = {
  en: /^(?:this (?:article|page|guide)(?: also)? (?:explains|describes|shows|lists|compares|covers|helps|tells|walks)|here you(?: can)? (?:learn|find|read))\b/i,
  de: /^(?:(?:dieser artikel|diese seite|diese anleitung)(?: auch)? (?:erklärt|beschreibt|zeigt|listet|vergleicht|hilft)|hier (?:erfahren|lesen|finden) sie|in diesem artikel erfahren sie)\b/iu,
  fr: /^(?:(?:cet article|cette page|ce guide)(?: vous)? (?:explique|décrit|montre|présente|liste|compare|aide)|vous trouverez ici)/iu,
  it: /^(?:(?:questo articolo|questa pagina|questa guida)(?: la| le| ti)? (?:spiega|descrive|mostra|illustra|elenca|confronta|aiuta)|qui (?:trova|trovi|scopre|scopri))\b/iu,
};

export function isSignpost(sentence: string, lang: TextLanguage | undefined): boolean {
  return lang !== undefined && SIGNPOSTS[lang].test(sentence.trim());
}
