'use server';

import { AuthError, CredentialsSignin } from 'next-auth';
import { signIn } from '@/lib/auth';
import { safeCallbackUrl } from './safe-callback';

export type LoginState = { error?: 'invalid' | 'rate_limited'; email?: string };

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
      return { error: error.code === 'rate_limited' ? 'rate_limited' : 'invalid', email };
    }
    if (error instanceof AuthError) return { error: 'invalid', email };
    throw error;
  }
}
