import { handlers } from '@/lib/auth';

import { instrumentRoute } from '@/lib/observability/instrument-route';

export const GET = instrumentRoute('/api/auth', handlers.GET);
export const POST = instrumentRoute('/api/auth', handlers.POST);
