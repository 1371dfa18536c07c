import { Search, X } from 'lucide-react';
import Form from 'next/form';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { GoldenListParams } from '@/lib/console/golden/list';
import { GOLDEN_LANG_NAMES, GOLDEN_LANGS } from '@/lib/console/golden/schema';
import { NativeSelect } from './native-select';

/** Search and filters as a GET form: the URL holds the state (shareable, back button works). */
export function GoldenFilters({ params, tags }: { params: GoldenListParams; tags: string[] }) {
  const filtered = Boolean(params.q || params.lang || params.tag);
  return (
    <Form action="/admin/golden" role="search" aria-label="Golden answers" className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_10rem_auto] sm:items-end">
      <div className="grid gap-2">
        <Label htmlFor="golden-q">Search questions and answers</Label>
        <Input id="golden-q" name="q" type="search" defaultValue={params.q} maxLength={200} placeholder="e.g. roaming, Box 5" />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="golden-lang">Language</Label>
        <NativeSelect id="golden-lang" name="lang" defaultValue={params.lang ?? ''}>
          <option value="">All</option>
          {GOLDEN_LANGS.map((l) => (
            <option key={l} value={l}>
              {GOLDEN_LANG_NAMES[l]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="golden-tag">Tag</Label>
        <NativeSelect id="golden-tag" name="tag" defaultValue={params.tag ?? ''}>
          <option value="">All</option>
          {params.tag && !tags.includes(params.tag) && <option value={params.tag}>{params.tag}</option>}
          {tags.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex gap-2">
        <Button type="submit" data-testid="golden-search">
          <Search aria-hidden /> Search
        </Button>
        {filtered && (
          <Button asChild variant="ghost" size="icon" title="Clear filters">
            <Link href="/admin/golden" aria-label="Clear filters">
              <X aria-hidden />
            </Link>
          </Button>
        )}
      </div>
    </Form>
  );
}
