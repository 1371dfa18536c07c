import { describe, expect, it } from 'vitest';
import { caseItemOf, caseItemsOf } from './case-items';
import { contentTerms } from './text';

describe('caseItemOf', () => {
  it('reads a list item whose bold label describes a case: its label and its body', () => {
    const item = caseItemOf('- **The Power LED stays orange for more than 30 minutes**: switch the Box off, wait 30 seconds and switch it on.', 'en');
    expect(item?.label).toBe('The Power LED stays orange for more than 30 minutes');
    expect(item?.body).toBe('switch the Box off, wait 30 seconds and switch it on.');
    expect([...item!.labelTerms]).toEqual(contentTerms(item!.label, 'en'));
  });

  it('reads the colon inside the bold too, and numbered items', () => {
    expect(caseItemOf('2. **Le code QR est refusé par le téléphone:** demandez un nouveau code.', 'fr')?.body).toBe('demandez un nouveau code.');
  });

  it('leaves short labels (an option or a field) and unlabelled items alone', () => {
    expect(caseItemOf('- **Box 5**: app > Home > Restart Box.', 'en')).toBeNull();
    expect(caseItemOf('- **Name**: as on your ID.', 'en')).toBeNull();
    expect(caseItemOf('- Switch the Box off and wait 30 seconds.', 'en')).toBeNull();
    expect(caseItemOf('- **Check now** installs the newest version at once.', 'en')).toBeNull();
  });
});

describe('caseItemsOf', () => {
  it('keeps the labels among the open terms and the case bodies out of them', () => {
    const { items, open } = caseItemsOf(
      'If the update fails:\n- **The Power LED stays orange for a long time**: switch the Box off and wait.\n- **Box 5**: restart from the app.',
      'en',
    );
    expect(items).toHaveLength(1);
    expect(open.has(contentTerms('orange', 'en')[0]!)).toBe(true);
    expect(open.has(contentTerms('wait', 'en')[0]!)).toBe(false);
    expect(open.has(contentTerms('app', 'en')[0]!)).toBe(true);
  });
});
