import { defineConfig } from 'drizzle-kit';

// Used only by `npm run db:generate` to write SQL migrations into drizzle/.
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/db/schema.ts',
  out: './drizzle',
});
