'use server';

import { AuthError, CredentialsSignin } from 'next-auth';
import { OIDC_PROVIDER_ID, signIn } from '@/lib/auth';
import { safeCallbackUrl } from './safe-callback';

export type LoginState = { error?: 'invalid' | 'rate_limited' | 'use_sso'; email?: string };

export async function loginAction(_previous: LoginState, form: FormData): Promise<LoginState> {
  const email = String(form.get('email') ?? '');
  const callbackUrl = safeCallbackUrl(form.get('callbackUrl'));
  try {
    await signIn('credentials', {
      email,
      password: String(form.get('password') ?? ''),
      // Without an explicit destination, staff land in the console and customers on the site.
      redirectTo: callbackUrl ?? '/after-sign-in',
    });
    return {};
  } catch (error) {
    // signIn redirects by throwing; only Auth.js errors are ours to turn into form messages.
    if (error instanceof CredentialsSignin) {
      return { error: error.code === 'rate_limited' ? 'rate_limited' : error.code === 'use_sso' ? 'use_sso' : 'invalid', email };
    }
    if (error instanceof AuthError) return { error: 'invalid', email };
    throw error;
  }
}

/** Staff: on to the company's identity provider (Auth.js redirects there and back to /api/auth/callback/oidc). */
export async function ssoSignInAction(form: FormData): Promise<void> {
  await signIn(OIDC_PROVIDER_ID, { redirectTo: safeCallbackUrl(form.get('callbackUrl')) ?? '/after-sign-in' });
}
