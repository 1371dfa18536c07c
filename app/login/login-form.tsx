'use client';

import { AlertCircle } from 'lucide-react';
import { useActionState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { loginAction, type LoginState } from './actions';

type Labels = { email: string; password: string; submit: string; submitting: string; invalid: string; rateLimited: string; useSso: string };

export function LoginForm({ callbackUrl, labels }: { callbackUrl?: string; labels: Labels }) {
  const [state, action, pending] = useActionState<LoginState, FormData>(loginAction, {});
  const message =
    state.error === 'rate_limited' ? labels.rateLimited : state.error === 'use_sso' ? labels.useSso : state.error === 'invalid' ? labels.invalid : undefined;
  return (
    <form action={action} className="grid gap-4" noValidate={false}>
      {message && (
        <Alert variant="destructive" aria-live="assertive">
          <AlertCircle aria-hidden />
          <AlertDescription>{message}</AlertDescription>
        </Alert>
      )}
      {callbackUrl && <input type="hidden" name="callbackUrl" value={callbackUrl} />}
      <div className="grid gap-2">
        <Label htmlFor="email">{labels.email}</Label>
        <Input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          required
          maxLength={254}
          defaultValue={state.email}
          aria-invalid={Boolean(state.error)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="password">{labels.password}</Label>
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={200}
          aria-invalid={Boolean(state.error)}
        />
      </div>
      <Button type="submit" disabled={pending}>
        {pending ? labels.submitting : labels.submit}
      </Button>
    </form>
  );
}
