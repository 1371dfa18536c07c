import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import regexp from 'eslint-plugin-regexp';

// Regular expressions run on every visitor's message, so a mistake in one is a denial of service:
// the plugin's recommended set is enforced as errors (it ships some as warnings), plus the
// quadratic-move rule, which is not in the recommended set.
const regexpRecommended = regexp.configs.recommended;
const regexpRules = Object.fromEntries(
  Object.entries(regexpRecommended.rules).map(([name, level]) => [name, level === 'warn' ? 'error' : level]),
);

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ...regexpRecommended,
    rules: {
      ...regexpRules,
      'regexp/no-super-linear-backtracking': 'error',
      // ignorePartial off: fragments composed with `.source` into bigger patterns are checked too.
      'regexp/no-super-linear-move': ['error', { ignoreSticky: true, ignorePartial: false }],
    },
  },
  { ignores: ['.next/**', 'node_modules/**', '.data/**', 'drizzle/meta/**', 'playwright-report/**', 'test-results/**', 'next-env.d.ts'] },
];

export default config;
