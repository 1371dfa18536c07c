import type { Metadata } from 'next';
import { TestForm } from '@/components/admin/tests/test-form';
import { requirePagePermission } from '@/lib/auth/guard';
import { EMPTY_CHECKS, type TestDraft } from '@/lib/conversation-tests/draft';
import { editorChoices } from '@/lib/conversation-tests/editor-data';
import { saveTestAction } from '../actions';

export const metadata: Metadata = { title: 'New conversation test' };

export default async function NewTestPage() {
  await requirePagePermission('tests:write', { from: '/admin/tests/new' });
  const initial: TestDraft = { name: '', group: '', lang: 'en', customer: '', turns: [{ kind: 'user', text: '', checks: { ...EMPTY_CHECKS } }], simulation: null };
  return (
    <div className="grid max-w-5xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">New conversation test</h1>
        <p className="text-muted-foreground">What the customer writes, turn by turn, and what every answer must (or must not) do.</p>
      </div>
      <TestForm id={null} initial={initial} {...editorChoices()} action={saveTestAction} cancelHref="/admin/tests" />
    </div>
  );
}
