import { describe, expect, it } from 'vitest';
import { namedModels, namesOtherModel } from './named-models';

describe('namedModels', () => {
  it('reads a name with its number however it is typed, and not a quantity', () => {
    expect(namedModels('Guest wifi on the BOX5?')).toEqual(new Map([['box', new Set(['5'])]]));
    expect(namedModels('Box 3 or Box 5, in Zone 2')).toEqual(new Map([['box', new Set(['3', '5'])], ['zone', new Set(['2'])]]));
    expect(namedModels('after 30 days, 50 GB for 2 hours').size).toBe(0);
  });
});

describe('namesOtherModel', () => {
  const question = namedModels('can the guest wifi on the box 5 switch itself off?');
  it('tells a heading for another model of the same name', () => {
    expect(namesOtherModel(question, 'Set up a guest Wi-Fi network › Set up guest Wi-Fi on the Box 3')).toBe(true);
  });
  it('accepts the same model, a heading naming both, and headings naming none', () => {
    expect(namesOtherModel(question, 'Set up a guest Wi-Fi network › Set up guest Wi-Fi on the Box 5 › In the app')).toBe(false);
    expect(namesOtherModel(question, 'Box 3 and Box 5 compared')).toBe(false);
    expect(namesOtherModel(question, 'What guests can and cannot do')).toBe(false);
    expect(namesOtherModel(namedModels('how do I set up guest wifi?'), 'Set up guest Wi-Fi on the Box 3')).toBe(false);
  });
});
