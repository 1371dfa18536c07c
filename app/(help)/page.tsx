import { CalendarClock, CreditCard, Smartphone, Tv, UserCog, Wifi, type LucideIcon } from 'lucide-react';
import Link from 'next/link';
import { SearchForm } from '@/components/search/search-form';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getMessages } from '@/lib/i18n/server';
import type { Messages } from '@/lib/i18n/messages';

const TOPIC_ICONS: Record<keyof Messages['home']['topics'], LucideIcon> = {
  internet: Wifi,
  mobile: Smartphone,
  tv: Tv,
  billing: CreditCard,
  account: UserCog,
  appointments: CalendarClock,
};

export default async function HomePage() {
  const { t } = await getMessages();
  const topics = Object.entries(t.home.topics) as [keyof Messages['home']['topics'], [string, string]][];
  return (
    <>
      <section className="border-b bg-gradient-to-b from-accent/60 to-background">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t.home.title}</h1>
          <p className="mt-3 max-w-2xl text-lg text-muted-foreground">{t.home.subtitle}</p>
          <div className="mt-8 max-w-2xl">
            <SearchForm labels={t.search} size="lg" />
          </div>
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 py-10" aria-labelledby="topics-title">
        <h2 id="topics-title" className="mb-4 text-xl font-semibold">
          {t.home.topicsTitle}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {topics.map(([key, [title, description]]) => {
            const Icon = TOPIC_ICONS[key];
            return (
              <li key={key}>
                <Link href={`/search?q=${encodeURIComponent(title)}`} className="block h-full rounded-xl focus-visible:outline-2">
                <Card className="h-full transition-colors hover:border-primary/50">
                  <CardHeader>
                    <Icon className="mb-2 size-6 text-primary" aria-hidden />
                    <CardTitle className="text-base">{title}</CardTitle>
                    <CardDescription>{description}</CardDescription>
                  </CardHeader>
                </Card>
                </Link>
              </li>
            );
          })}
        </ul>
        <p className="mt-8 text-sm text-muted-foreground">{t.home.signedInHint}</p>
      </section>
    </>
  );
}
