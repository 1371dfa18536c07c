import { parseStoredCase, suiteToJsonl, type TestCase } from '@/lib/conversation-tests/case';
import { getDatabase } from '@/lib/db';
import { listTests } from '@/lib/db/queries/conversation-tests';
import { route } from '@/lib/http/route';

/** GET /admin/tests/export — the whole suite as a JSONL download (importable again, and read by npm run test:conversations --file). */
export const GET = route({ name: '/admin/tests/export', access: { permission: 'tests:read' } }, async () => {
  const { db } = await getDatabase();
  const cases = (await listTests(db)).flatMap((row): TestCase[] => {
    const parsed = parseStoredCase(row);
    return parsed.ok ? [parsed.test] : [];
  });
  return new Response(suiteToJsonl(cases), {
    headers: {
      'Content-Type': 'application/x-ndjson; charset=utf-8',
      'Content-Disposition': `attachment; filename="conversation-tests-${new Date().toISOString().slice(0, 10)}.jsonl"`,
      'Cache-Control': 'no-store',
      'X-Test-Count': String(cases.length),
    },
  });
});

export const dynamic = 'force-dynamic';
