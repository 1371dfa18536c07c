import { describe, expect, it } from 'vitest';
import { REPLIES } from '@/lib/rag/replies';
import type { CustomerProfile } from './customer-profile';
import { reportedProblem, troubleContext } from './troubleshooting';

describe('reportedProblem', () => {
  it.each([
    ['my internet is really slow', 'internet'],
    ["the wifi doesn't work", 'internet'],
    ['Mein Internet ist langsam', 'internet'],
    ['WLAN geht nicht', 'internet'],
    ['la TV ne marche pas', 'tv'],
    ["Internet est en panne depuis ce matin", 'internet'],
    ['internet non funziona', 'internet'],
    ['la TV non va', 'tv'],
    ['la télé ne marche plus depuis ce matin', 'tv'],
    ['mein Handy hat kein Empfang', 'mobile'],
    // Connections that drop, as customers say it.
    ['das WLAN bricht ab, sobald ich im Garten bin', 'internet'],
    ['le wifi se coupe toutes les dix minutes', 'internet'],
    ['il portatile non si connette al wifi', 'internet'],
    ['the wifi keeps disconnecting', 'internet'],
  ])('%s → %s', (question, service) => {
    expect(reportedProblem(question)).toBe(service);
  });

  it('reads a service said to be missing, and a verb of failing in a sentence that names a service, however the sentence is built', () => {
    expect(reportedProblem('Kein WLAN seit gestern Abend, was tun?')).toBe('internet');
    expect(reportedProblem("Toujours pas d'internet à la maison depuis ce matin.")).toBe('internet');
    expect(reportedProblem('Still no TV since yesterday, any idea?')).toBe('tv');
    expect(reportedProblem('Siamo senza internet da due giorni.')).toBe('internet');
    expect(reportedProblem('The wifi keeps cutting out on the laptop upstairs.')).toBe('internet');
    expect(reportedProblem('Seit Tagen fällt bei uns abends das Internet aus.')).toBe('internet');
    expect(reportedProblem('Le wifi plante toutes les heures depuis lundi.')).toBe('internet');
    expect(reportedProblem('La TV si pianta ogni sera verso le nove.')).toBe('tv');
    // Losing something is no failing service; a failing verb with no service is no complaint about one.
    expect(reportedProblem('I lost my Wi-Fi password, where do I find it?')).toBeNull();
    expect(reportedProblem('Cosa succede se la promozione cade a fine mese?')).toBeNull();
  });

  it('takes the service the complaining sentence names, not another the message names', () => {
    expect(reportedProblem('The TV shows a black screen and does not work. The internet is fine though.')).toBe('tv');
    expect(reportedProblem('Seit gestern Abend: der Fernseher funktioniert nicht. Das Internet läuft normal.')).toBe('tv');
    expect(reportedProblem("Internet OK chez moi, mais la télé ne marche plus depuis hier soir.")).toBe('tv');
    expect(reportedProblem('Il wifi va bene. La TV invece non funziona da stamattina.')).toBe('tv');
    // A complaint that names no service takes the one the message names.
    expect(reportedProblem('It has been slow all day. I mean the internet.')).toBe('internet');
  });

  it('is null for questions that report no problem, or name no service', () => {
    for (const question of ['How much does Wave TV Plus cost?', 'Wie ändere ich mein WLAN-Passwort?', 'everything is slow today', 'Comment payer ma facture ?']) {
      expect(reportedProblem(question), question).toBeNull();
    }
  });
});

describe('troubleContext', () => {
  // 10:00 in Zurich on Monday 23 November 2026.
  const asOf = new Date('2026-11-23T09:00:00Z');
  const profile = (over: Partial<CustomerProfile> = {}): CustomerProfile => ({
    asOf,
    language: 'en',
    devices: [{ model: 'Box 5', status: 'online' }],
    plans: [{ kind: 'internet', planId: 'wave-home-500', planName: 'Wave Home 500' }],
    area: { id: 'zurich', name: 'Zürich' },
    outages: [],
    restricted: false,
    ...over,
  });
  const outage = (expectedEndAt: string | null) => ({ outages: [{ service: 'internet' as const, since: new Date('2026-11-23T07:00:00Z'), expectedEndAt: expectedEndAt ? new Date(expectedEndAt) : null }] });

  it('says an outage of the reported service first, with its end as a customer would say it', () => {
    expect(troubleContext(profile(outage('2026-11-23T13:00:00Z')), 'my internet is slow', 'en')).toEqual({
      lead: REPLIES.en.outageFirst('internet', 'Zürich', 'today 14:00'),
      forModel: "There is an ongoing internet outage in the customer's area (Zürich), expected to be fixed by today 14:00: say that first, as the likely cause, then help from the help center.",
      // The article about outages answers: searched with the question.
      cause: REPLIES.en.outageCause,
      fields: ['outages'],
    });
    expect(troubleContext(profile(outage('2026-11-24T08:00:00Z')), 'Mein Internet ist langsam', 'de')?.lead).toContain('morgen 09:00');
    expect(troubleContext(profile(outage('2026-11-27T08:00:00Z')), 'internet lento', 'it')?.lead).toContain('venerdì 09:00');
    expect(troubleContext(profile(outage(null)), 'internet lent', 'fr')?.lead).toBe(REPLIES.fr.outageFirst('Internet', 'Zürich', null));
  });

  it('says an offline Box and offers the line test; nothing when the account knows no cause or there is no profile', () => {
    expect(troubleContext(profile({ devices: [{ model: 'Box 3', status: 'offline' }] }), 'internet non funziona', 'it')).toMatchObject({
      lead: REPLIES.it.boxOffline,
      suggestion: REPLIES.it.lineTestOffer,
      // What an offline Box means at home, searched with the question: the no-connection article answers.
      cause: REPLIES.it.offlineCause,
      fields: ['devices'],
    });
    expect(troubleContext(profile(), 'my internet is slow', 'en')).toBeNull();
    expect(troubleContext(profile(outage('2026-11-23T13:00:00Z')), 'la TV ne marche pas', 'fr')).toBeNull();
    expect(troubleContext(null, 'my internet is slow', 'en')).toBeNull();
  });

  it('says first that services are restricted for an overdue invoice, and searches that cause with the question', () => {
    const restricted = profile({ restricted: true });
    const context = troubleContext(restricted, 'Da qualche giorno internet va lentissimo e col cellulare non riesco più a chiamare', 'it');
    expect(context).toMatchObject({ lead: REPLIES.it.servicesRestricted(30), cause: REPLIES.it.restrictedCause, fields: ['restricted'] });
    expect(context?.forModel).toContain('restricted because an invoice is more than 30 days overdue');
    // Whatever service the customer names; nothing when they report no problem.
    expect(troubleContext(restricted, "my mobile doesn't work", 'en')?.fields).toEqual(['restricted']);
    expect(troubleContext(restricted, 'how do I change my Wi-Fi password?', 'en')).toBeNull();
    // Not being able to do something is no service problem.
    expect(troubleContext(restricted, "I can't find the Wi-Fi password", 'en')).toBeNull();
  });

  it('says every cause the account knows, in order, and searches the first one with the question', () => {
    const context = troubleContext(profile({ restricted: true, devices: [{ model: 'Box 3', status: 'offline' }] }), 'internet non funziona più', 'it');
    expect(context).toEqual({
      lead: `${REPLIES.it.boxOffline} ${REPLIES.it.servicesRestricted(30)}`,
      forModel: expect.stringContaining('offline') as unknown as string,
      suggestion: REPLIES.it.lineTestOffer,
      cause: REPLIES.it.offlineCause,
      fields: ['devices', 'restricted'],
    });
    // The service's own outage is the likeliest cause: said first, and its article searched.
    const allThree = profile({ restricted: true, devices: [{ model: 'Box 3', status: 'offline' }], ...outage(null) });
    expect(troubleContext(allThree, 'internet non funziona più', 'it')).toMatchObject({ cause: REPLIES.it.outageCause, fields: ['outages', 'devices', 'restricted'] });
  });
});
