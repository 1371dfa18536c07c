// `npm start` runs this first: a fresh clone has no production build yet, so make one.
// After changing the code, run `npm run build` yourself (this only checks that a build exists).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

if (!fs.existsSync('.next/BUILD_ID')) {
  console.log('No production build yet: running `next build` once (about a minute)…');
  const result = spawnSync('npx', ['next', 'build'], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
