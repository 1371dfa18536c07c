import type { Metadata } from 'next';
import { ChatFullPage } from '@/components/chat/chat-full-page';
import { currentUser } from '@/lib/auth/session-user';
import { getMessages } from '@/lib/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getMessages();
  return { title: t.chat.title };
}

export default async function ChatPage() {
  const [{ locale, t }, user] = await Promise.all([getMessages(), currentUser()]);
  const signedIn = user?.role === 'customer';
  return (
    <div className="mx-auto flex h-[calc(100dvh-3.5rem)] w-full max-w-6xl sm:px-4 sm:py-4">
      <ChatFullPage labels={t.chat} locale={locale} signedIn={signedIn} />
    </div>
  );
}
