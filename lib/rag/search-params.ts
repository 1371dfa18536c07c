import { z } from 'zod';

/** The public search's input, for the page and the API alike. */
export const searchParamsSchema = z.object({
  q: z.string().trim().max(300, 'q must be at most 300 characters').default(''),
  lang: z.enum(['en', 'de', 'fr', 'it']).optional(),
  k: z.coerce.number().int().min(1).max(40).default(10),
});
