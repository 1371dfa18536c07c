import { describe, expect, it } from 'vitest';
import { reportedProblem } from './troubleshooting';

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
  ])('%s → %s', (question, service) => {
    expect(reportedProblem(question)).toBe(service);
  });

  it('is null for questions that report no problem, or name no service', () => {
    for (const question of ['How much does Wave TV Plus cost?', 'Wie ändere ich mein WLAN-Passwort?', 'everything is slow today', 'Comment payer ma facture ?']) {
      expect(reportedProblem(question), question).toBeNull();
    }
  });
});
