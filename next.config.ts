import type { NextConfig } from 'next';
import { STATIC_SECURITY_HEADERS } from './lib/http/security-headers';

const nextConfig: NextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', '@electric-sql/pglite-pgvector'],
  // forbidden() renders app/forbidden.tsx with a real 403 status.
  experimental: { authInterrupts: true },
  poweredByHeader: false,
  // Also on the files proxy.ts skips (/_next/static …); pages and APIs get the full set, CSP included, from proxy.ts.
  async headers() {
    return [{ source: '/:path*', headers: Object.entries(STATIC_SECURITY_HEADERS).map(([key, value]) => ({ key, value })) }];
  },
};

export default nextConfig;
