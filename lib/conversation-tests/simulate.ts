import { randomUUID } from 'node:crypto';
import { generateText, NoObjectGeneratedError, Output, type LanguageModel } from 'ai';
import { z } from 'zod';
import { dialogOwner, runTurn, scoreTurn, type CheckResult, type ObservedTurn, type Runner, type Simulation, type TurnReport } from '@/lib/eval/dialogs';
import { LOCALE_NAMES } from '@/lib/i18n/locales';
import type { TestCase } from './case';

/**
 * A simulated customer: the configured LLM plays the customer — a persona with a goal and what
 * they know — against the real chat turn, until it says the goal is met, the assistant hands the
 * conversation to a person, or the turn limit. The case's checks then apply to the whole
 * conversation (any reply may state a fact or cite an article; the outcome is the last reply's).
 */

export const SIMULATED_CUSTOMER_INSTRUCTIONS = `You play a customer writing to a company's support chat, to test the chat. Stay in your role.
Write only the customer's next message: short and natural, as this customer would write it, in the language given.
Use only what the customer knows; never invent account details. Do not help the assistant.
When the assistant has fully given what the customer needed or done what they asked, set done to true and leave the message empty.`;

const nextMessageSchema = z
  .object({
    done: z.boolean().describe("Whether the customer's goal has been met"),
    message: z.string().max(2000).describe("The customer's next message (empty when done)"),
  })
  .strict();

export type SimulationEnd = 'goal_met' | 'handoff' | 'turn_limit' | 'customer_unreadable';
export type SimulationSummary = { stoppedBecause: SimulationEnd; goalMet: boolean; checks: CheckResult[] };

export function customerPrompt(sim: Simulation, lang: string, turns: TurnReport[]): string {
  return [
    `Language: ${LOCALE_NAMES[lang as keyof typeof LOCALE_NAMES] ?? lang}`,
    `Who you are: ${sim.persona}`,
    `Your goal: ${sim.goal}`,
    `What you know: ${sim.knows || '(nothing beyond your goal)'}`,
    '',
    'The conversation so far:',
    ...(turns.length ? turns.flatMap((t) => [`Customer: ${t.user}`, `Assistant: ${t.seen.text.replace(/\s+/g, ' ').trim()}`]) : ['(none yet: write the first message)']),
  ].join('\n');
}

/** What the whole conversation did, as one observed turn for the checks. */
export function wholeConversation(turns: TurnReport[]): ObservedTurn {
  const last = turns.at(-1)?.seen;
  return {
    text: turns.map((t) => t.seen.text).join('\n\n'),
    outcome: last?.outcome ?? null,
    lang: last?.lang ?? null,
    cited: [...new Set(turns.flatMap((t) => t.seen.cited))],
    approvals: turns.flatMap((t) => t.seen.approvals),
    tools: turns.flatMap((t) => t.seen.tools),
    handoffOffered: turns.some((t) => t.seen.handoffOffered),
    handoffOpened: turns.some((t) => t.seen.handoffOpened),
    trace: null,
  };
}

export async function runSimulation(r: Runner, test: TestCase, { customerModel }: { customerModel: LanguageModel }): Promise<{ turns: TurnReport[]; summary: SimulationSummary }> {
  const sim = test.simulation!;
  const owner = await dialogOwner(r, test.customer);
  const conversationId = randomUUID();
  const turns: TurnReport[] = [];
  let stoppedBecause: SimulationEnd = 'turn_limit';
  for (let i = 0; i < sim.maxTurns; i++) {
    let next: z.infer<typeof nextMessageSchema>;
    try {
      ({ output: next } = await generateText({
        model: customerModel,
        instructions: SIMULATED_CUSTOMER_INSTRUCTIONS,
        prompt: customerPrompt(sim, test.lang, turns),
        output: Output.object({ schema: nextMessageSchema, name: 'customer_message' }),
        temperature: 0,
        maxOutputTokens: 400,
      }));
    } catch (error) {
      if (!NoObjectGeneratedError.isInstance(error)) throw error;
      stoppedBecause = 'customer_unreadable';
      break;
    }
    if (next.done || !next.message.trim()) {
      stoppedBecause = 'goal_met';
      break;
    }
    const text = next.message.trim();
    const seen = await runTurn(r, { conversationId, owner, signedIn: test.customer !== null, text });
    turns.push({ user: text, seen, checks: [] });
    if (seen.handoffOpened || seen.handoffOffered || seen.outcome === 'handoff' || seen.outcome === 'relayed') {
      stoppedBecause = 'handoff';
      break;
    }
  }
  const checks = scoreTurn(sim.expect, wholeConversation(turns));
  if (sim.expect.criterion) {
    const transcript = turns.flatMap((t) => [
      { role: 'customer' as const, text: t.user },
      { role: 'assistant' as const, text: t.seen.text },
    ]);
    const verdict = r.judge ? await r.judge(sim.expect.criterion, transcript) : { pass: false, reason: 'not judged: a criterion needs an LLM' };
    checks.push({ check: 'criterion', pass: verdict.pass, detail: verdict.reason });
  }
  return { turns, summary: { stoppedBecause, goalMet: stoppedBecause === 'goal_met', checks } };
}
