import { describe, expect, it } from 'vitest';
import { WRITE_TOOL_NAMES } from '@/lib/domain/account-tools';
import { LOCALES } from '@/lib/i18n/locales';
import { approvalRequestText, declinedText, expiredText, failedText, interruptedText, notPossibleText, termsChangedText } from './index';
import { languageOf } from './testing';

describe('approval texts', () => {
  describe.each(WRITE_TOOL_NAMES)('%s', (tool) => {
    it.each(LOCALES)('asks for the decision and reports a decline in %s', (lang) => {
      const request = approvalRequestText(tool, lang);
      const declined = declinedText(tool, lang);
      expect(languageOf(request)).toBe(lang);
      expect(languageOf(declined)).toBe(lang);
      expect(request).not.toBe(declined);
    });
  });

  it('names what is being approved', () => {
    expect(approvalRequestText('change_plan', 'en')).toBe('Please check the plan change below and approve it, or decline.');
    expect(approvalRequestText('reschedule_appointment', 'de')).toContain('den neuen Termin');
    expect(approvalRequestText('update_contact_details', 'fr')).toContain('les nouvelles coordonnées');
    expect(declinedText('restart_modem', 'it')).toContain('non ho riavviato la Sua Box');
    expect(new Set(WRITE_TOOL_NAMES.map((tool) => approvalRequestText(tool, 'de'))).size).toBe(WRITE_TOOL_NAMES.length);
  });

  it.each(LOCALES)('reports an expired request, a change that was not possible and a failure in %s', (lang) => {
    expect(languageOf(expiredText(lang))).toBe(lang);
    expect(languageOf(notPossibleText(lang))).toBe(lang);
    expect(languageOf(failedText(lang))).toBe(lang);
    expect(failedText(lang)).toMatch(/\*\*.+\*\*/);
  });

  it.each(LOCALES)('says the terms changed, and that an interrupted change did not go through, in %s', (lang) => {
    expect(languageOf(termsChangedText(lang))).toBe(lang);
    expect(languageOf(interruptedText(lang))).toBe(lang);
    // The interrupted change offers a person, like a failure.
    expect(interruptedText(lang)).toMatch(/\*\*.+\*\*/);
    expect(termsChangedText(lang)).not.toBe(failedText(lang));
  });
});
