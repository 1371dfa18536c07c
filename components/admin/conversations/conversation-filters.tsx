import { Search, X } from 'lucide-react';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { ConversationListParams } from '@/lib/console/conversations/filters';
import { languageName } from './format';

const selectClass = 'h-10 w-full rounded-md border border-input bg-background px-3 text-sm';

function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={htmlFor} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * The filters, as a plain GET form: the URL is the state (shareable, bookmarkable, works without
 * JavaScript). Applying filters starts again at the newest conversation.
 */
export function ConversationFilters({ params, languages, active }: { params: ConversationListParams; languages: string[]; active: boolean }) {
  const langs = params.lang && !languages.includes(params.lang) ? [...languages, params.lang] : languages;
  return (
    <form method="get" action="/admin/conversations" className="grid gap-4 rounded-xl border bg-card p-4" data-testid="conversation-filters" role="search">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <Field label="Search the first question" htmlFor="filter-q">
            <div className="relative">
              <Search className="pointer-events-none absolute left-3 top-3 size-4 text-muted-foreground" aria-hidden />
              <Input id="filter-q" name="q" type="search" defaultValue={params.q} maxLength={200} placeholder="e.g. roaming" className="pl-9" />
            </div>
          </Field>
        </div>
        <Field label="From (UTC)" htmlFor="filter-from">
          <Input id="filter-from" name="from" type="date" defaultValue={params.from} />
        </Field>
        <Field label="To (UTC, inclusive)" htmlFor="filter-to">
          <Input id="filter-to" name="to" type="date" defaultValue={params.to} />
        </Field>
        <Field label="Language" htmlFor="filter-lang">
          <select id="filter-lang" name="lang" defaultValue={params.lang ?? ''} className={selectClass}>
            <option value="">Any</option>
            {langs.map((lang) => (
              <option key={lang} value={lang}>
                {languageName(lang)}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Customer feedback" htmlFor="filter-feedback">
          <select id="filter-feedback" name="feedback" defaultValue={params.feedback ?? ''} className={selectClass}>
            <option value="">Any</option>
            <option value="up">Thumbs up</option>
            <option value="down">Thumbs down</option>
            <option value="none">None</option>
          </select>
        </Field>
        <Field label="Endorsement" htmlFor="filter-endorsement">
          <select id="filter-endorsement" name="endorsement" defaultValue={params.endorsement ?? ''} className={selectClass}>
            <option value="">Any</option>
            <option value="customer">By the customer (thumbs up)</option>
            <option value="expert">By an expert</option>
            <option value="none">None</option>
          </select>
        </Field>
        <Field label="Hand-off" htmlFor="filter-handoff">
          <select id="filter-handoff" name="handoff" defaultValue={params.handoff ?? ''} className={selectClass}>
            <option value="">Any</option>
            <option value="yes">With a hand-off</option>
            <option value="no">Without</option>
          </select>
        </Field>
      </div>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" name="no_answer" value="1" defaultChecked={params.noAnswer} className="size-4 accent-primary" />
          Had a &ldquo;no answer&rdquo;
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="golden" value="1" defaultChecked={params.golden} className="size-4 accent-primary" />
          Golden answer used
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="tools" value="1" defaultChecked={params.tools} className="size-4 accent-primary" />
          Account tools used
        </label>
        <div className="ml-auto flex gap-2">
          {active && (
            <Button asChild variant="ghost">
              <Link href="/admin/conversations">
                <X aria-hidden /> Clear
              </Link>
            </Button>
          )}
          <Button type="submit" data-testid="conversation-filters-apply">
            Apply filters
          </Button>
        </div>
      </div>
    </form>
  );
}
