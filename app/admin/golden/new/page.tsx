import { ArrowLeft } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { GoldenForm } from '@/components/admin/golden/golden-form';
import { Card, CardContent } from '@/components/ui/card';
import { requirePagePermission } from '@/lib/auth/guard';
import { isGoldenLang } from '@/lib/console/golden/schema';
import { createGoldenAction } from '../actions';

export const metadata: Metadata = { title: 'New golden answer' };

/** ?question=&lang=&answer= pre-fill the form (e.g. from a conversation worth turning into one). */
export default async function NewGoldenAnswerPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePagePermission('golden:write', { from: '/admin/golden/new' });
  const raw = await searchParams;
  const text = (name: string, max: number) => (typeof raw[name] === 'string' ? (raw[name] as string).slice(0, max) : '');
  const lang = isGoldenLang(raw.lang) ? raw.lang : 'en';
  return (
    <div className="grid max-w-3xl gap-6">
      <div>
        <Link href="/admin/golden" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:underline">
          <ArrowLeft className="size-4" aria-hidden /> Golden answers
        </Link>
        <h1 className="mt-2 text-2xl font-bold tracking-tight">New golden answer</h1>
        <p className="text-muted-foreground">The chat answers matching questions with this text, word for word, from the next message on.</p>
      </div>
      <Card>
        <CardContent className="pt-6">
          <GoldenForm
            mode="create"
            action={createGoldenAction}
            cancelHref="/admin/golden"
            initial={{ id: '', lang, question: text('question', 500), answer: text('answer', 4000), sourceIds: [], tags: [], facts: [] }}
          />
        </CardContent>
      </Card>
    </div>
  );
}
