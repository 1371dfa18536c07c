import { handlers } from '@/lib/auth';
import { route } from '@/lib/http/route';

// Sign-in attempts are limited inside the credentials check (lib/auth/login.ts), per email and address.
export const GET = route({ name: '/api/auth', access: { anyone: true } }, ({ request }) => handlers.GET(request));
export const POST = route({ name: '/api/auth', access: { anyone: true } }, ({ request }) => handlers.POST(request));
