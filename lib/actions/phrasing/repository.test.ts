import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_TOOLS, READ_TOOL_NAMES, WRITE_TOOLS, type ActionPreview, type Outcome, type WriteToolName } from '@/lib/domain/account-tools';
import { readActions, writeActions } from '@/lib/actions/repository';
import { TEST_NOW, openDemoDatabase, type DemoDatabase } from '@/lib/actions/repository/testing';
import { findDemoSlots } from '@/lib/actions/seed';
import { testBackends } from '@/lib/db/test-databases';
import { LOCALES } from '@/lib/i18n/locales';
import { describeExecuted, describeReadResult, describeRefusal, localizePreview, refusalSentence, unreadableText } from './index';
import { languageOf } from './testing';

/**
 * The phrasing on the customer system's real results (the demo customers, seeded): every read
 * tool for every customer, every preview's fixed parts, executed changes and refusals. Catches
 * a repository change the phrasing no longer recognises.
 */

const now = TEST_NOW;
const OTHER_LANGS = ['de', 'fr', 'it'] as const;

function written(tool: WriteToolName, input: Record<string, unknown>) {
  return WRITE_TOOLS[tool].parse(input) as never;
}

describe.each(testBackends())('phrasing the customer system on $name', ({ open }) => {
  let demo: DemoDatabase;
  beforeAll(async () => {
    demo = await openDemoDatabase(open);
  });
  afterAll(async () => {
    await demo?.database.close();
  });

  it('phrases every read tool for every demo customer in every language', async () => {
    for (const [who, { customerId }] of Object.entries(demo.ids)) {
      for (const tool of READ_TOOL_NAMES) {
        const outcome = await readActions[tool](demo.database.db, { customerId, now, input: READ_TOOLS[tool].parse({}) as never });
        expect(outcome.ok, `${tool} for ${who}`).toBe(true);
        if (!outcome.ok) continue;
        for (const lang of LOCALES) {
          const text = describeReadResult(tool, outcome.value, lang);
          expect(text, `${tool} for ${who} in ${lang}`).not.toBe(unreadableText(lang));
          expect(languageOf(text), `${tool} for ${who} in ${lang}:\n${text}`).toBe(lang);
          if (lang !== 'en') {
            expect(text).not.toMatch(/Your services are restricted|plan changes to .* on \d|Outages of more than 24 hours|Plan changes are not possible/);
          }
        }
      }
    }
  });

  it("translates every fixed part of every tool's preview", async () => {
    await demo.reset();
    const { anna, james } = demo.ids;
    const slots = await findDemoSlots(demo.database.db, { now });
    const cases: [WriteToolName, string, Record<string, unknown>][] = [
      ['change_plan', anna.customerId, { planId: 'wave-home-1000' }],
      ['change_plan', anna.customerId, { planId: 'wave-home-100' }],
      ['change_plan', anna.customerId, { planId: 'wave-mobile-s' }],
      ['change_plan', anna.customerId, { planId: 'wave-tv-plus' }],
      ['change_plan', james.customerId, { planId: 'wave-fiber-10g' }],
      ['reschedule_appointment', anna.customerId, { startsAt: slots.freeSlot.startsAt }],
      ['restart_modem', anna.customerId, {}],
      ['run_line_diagnostic', anna.customerId, {}],
      ['update_contact_details', anna.customerId, { email: 'anna.neu@example.ch' }],
      ['update_contact_details', anna.customerId, { phone: '079 555 12 34' }],
      ['request_callback', anna.customerId, { topic: 'Roaming' }],
      ['request_callback', anna.customerId, {}],
    ];
    for (const [tool, customerId, input] of cases) {
      const outcome = (await writeActions[tool].preview(demo.database.db, { customerId, now, input: written(tool, input) })) as Outcome<ActionPreview>;
      expect(outcome.ok, `${tool} ${JSON.stringify(input)}`).toBe(true);
      if (!outcome.ok) continue;
      const english = [outcome.value.title, ...outcome.value.changes.map((c) => c.label), ...outcome.value.notes];
      for (const lang of OTHER_LANGS) {
        const out = localizePreview(tool, outcome.value, lang);
        const parts = [out.title, ...out.changes.map((c) => c.label), ...out.notes];
        parts.forEach((part, i) => expect(part, `${tool}: not translated into ${lang}: ${english[i]}`).not.toBe(english[i]));
      }
    }
  });

  it('phrases what every write tool did', async () => {
    await demo.reset();
    const { anna } = demo.ids;
    const slots = await findDemoSlots(demo.database.db, { now });
    const actor = { actorUserId: anna.userId, approvalId: null };
    const cases: [WriteToolName, Record<string, unknown>][] = [
      ['change_plan', { planId: 'wave-home-1000' }],
      ['reschedule_appointment', { startsAt: slots.freeSlot.startsAt }],
      ['restart_modem', {}],
      ['run_line_diagnostic', {}],
      ['update_contact_details', { phone: '079 555 12 34' }],
      ['request_callback', { topic: 'Roaming' }],
    ];
    for (const [tool, input] of cases) {
      const outcome = await writeActions[tool].execute(demo.database.db, { customerId: anna.customerId, now, ...actor, input: written(tool, input) });
      expect(outcome.ok, tool).toBe(true);
      if (!outcome.ok) continue;
      for (const lang of LOCALES) {
        const text = describeExecuted(tool, outcome.value, lang);
        expect(text, `${tool} in ${lang}`).not.toBe(unreadableText(lang));
        expect(languageOf(text), `${tool} in ${lang}:\n${text}`).toBe(lang);
      }
    }
  });

  it("phrases the repository's refusals from their reason, not their English message", async () => {
    await demo.reset();
    const { anna, luca } = demo.ids;
    const slots = await findDemoSlots(demo.database.db, { now });
    const db = demo.database.db;
    const refusals = [
      await writeActions.change_plan.preview(db, { customerId: luca.customerId, now, input: written('change_plan', { planId: 'wave-mobile-m' }) }),
      await writeActions.change_plan.preview(db, { customerId: anna.customerId, now, input: written('change_plan', { planId: 'wave-turbo' }) }),
      await writeActions.reschedule_appointment.preview(db, { customerId: anna.customerId, now, input: written('reschedule_appointment', { startsAt: slots.takenSlot.startsAt }) }),
      await writeActions.restart_modem.preview(db, { customerId: luca.customerId, now, input: written('restart_modem', {}) }),
      await readActions.get_modem_status(db, { customerId: randomUUID(), now, input: {} }),
    ];
    expect(refusals.map((r) => (r.ok ? 'ok' : r.reason))).toEqual(['overdue_invoice', 'plan_unknown', 'slot_taken', 'device_offline', 'not_a_customer']);
    for (const refusal of refusals) {
      if (refusal.ok) continue;
      for (const lang of OTHER_LANGS) {
        const text = describeRefusal(refusal, lang);
        expect(text.startsWith(refusalSentence(refusal.reason, lang) ?? '?')).toBe(true);
        expect(text).not.toContain(refusal.message);
        expect(languageOf(text), text).toBe(lang);
        if (refusal.alternatives?.length) expect(text.split('\n- ').length, `${refusal.reason}: alternatives listed`).toBeGreaterThan(1);
      }
    }
  });
});
