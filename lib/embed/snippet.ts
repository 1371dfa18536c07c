/** The snippet a site puts on its pages, for this help center's origin. */
export function widgetSnippet(origin: string): string {
  return `<script src="${origin}/widget.js" async\n  data-lang="en" data-position="right" data-color="#1f5fd6" data-open="false"></script>`;
}

/** How the site's backend signs a customer's identity (Node.js, with the jose package). */
export const IDENTITY_EXAMPLE = `import { SignJWT } from 'jose';

// On your server, for the signed-in customer; never in the browser.
const token = await new SignJWT({ sub: customer.customerNumber }) // e.g. "AW-10482736"
  .setProtectedHeader({ alg: 'HS256' })
  .setIssuedAt()
  .setExpirationTime('10m') // short-lived: at most 24 hours
  .sign(new TextEncoder().encode(process.env.LANTERN_WIDGET_SECRET));

// In the page: <script src=".../widget.js" async data-identity="\${token}"></script>
// or, after a sign-in without reload: window.LanternWidget.identify(token)`;
