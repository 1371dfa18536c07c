import http from 'node:http';

/**
 * A real OpenID Connect provider for e2e (the `oidc-provider` package, as identity servers built
 * on it run), on loopback, with its development login and consent pages: any password is
 * accepted for the accounts given here. ID tokens carry the requested claims (email, name, groups).
 */
export type TestAccount = { email: string; name: string; groups: string[] };

export async function startOidcProvider({ port, redirectUri, clientId, clientSecret, accounts }: { port: number; redirectUri: string; clientId: string; clientSecret: string; accounts: Record<string, TestAccount> }) {
  const { default: Provider } = await import('oidc-provider');
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
    scopes: ['openid', 'email', 'profile', 'groups'],
    conformIdTokenClaims: false,
    cookies: { keys: ['e2e-oidc-cookie-key-0123456789'] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts[id];
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, email: account.email, email_verified: true, name: account.name, groups: account.groups }) };
    },
  });
  const server = http.createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
