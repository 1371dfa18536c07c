import { describe, expect, it } from 'vitest';
import { durationCase, durationLimits, statedDurations } from './duration-cases';

describe('statedDurations', () => {
  it('reads the durations a message gives, in days, numbers written as words too', () => {
    expect(statedDurations('We move in three weeks and have not told you yet.', 'en')).toEqual([21]);
    expect(statedDurations('Unser Internet war gut 36 Stunden weg.', 'de')).toEqual([1.5]);
    expect(statedDurations('On déménage dans 10 jours.', 'fr')).toEqual([10]);
    expect(statedDurations('Ci trasferiamo tra tre settimane.', 'it')).toEqual([21]);
  });

  it('leaves numbers that measure no time alone', () => {
    expect(statedDurations('I have a Box 5 and Wave Home 1000, my son is 16 years old.', 'en')).toEqual([]);
  });
});

describe('durationLimits', () => {
  it('reads lower and upper limits before the number or after its unit', () => {
    expect(durationLimits('If you tell us at least **30 days** before, the move is free.', 'en')).toEqual([{ bound: 'lower', days: 30 }]);
    expect(durationLimits('| Less than 30 days ahead | CHF 49 |', 'en')).toEqual([{ bound: 'upper', days: 30 }]);
    expect(durationLimits('| 30 giorni o più prima | Gratuito |', 'it')).toEqual([{ bound: 'lower', days: 30 }]);
    expect(durationLimits('Die Störung muss mehr als 24 Stunden am Stück dauern.', 'de')).toEqual([{ bound: 'lower', days: 1 }]);
    expect(durationLimits('les pannes de **24 heures ou moins**', 'fr')).toEqual([{ bound: 'upper', days: 1 }]);
  });

  it('reads no limit in a plain duration or a count', () => {
    expect(durationLimits('Return the Box within 30 days. Up to 3 Wave Extenders.', 'en')).toEqual([]);
  });
});

describe('durationCase', () => {
  it("meets the case when a duration is within every limit, misses it when none is", () => {
    expect(durationCase('| Less than 30 days ahead | CHF 49 |', [21], 'en')).toBe(1);
    expect(durationCase('| 30 days or more ahead | Free |', [21], 'en')).toBe(-1);
    expect(durationCase('The move is free.', [21], 'en')).toBe(0);
    expect(durationCase('| 30 days or more ahead | Free |', [], 'en')).toBe(0);
  });
});
