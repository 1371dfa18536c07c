'use client';

import { AlertCircle, ArrowDown, ArrowUp, Plus, Save, Trash2 } from 'lucide-react';
import Link from 'next/link';
import { startTransition, useActionState, useState, type FormEvent, type ReactNode } from 'react';
import { NativeSelect } from '@/components/admin/golden/native-select';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { caseOf, EMPTY_CHECKS, type CheckDraft, type DraftProblem, type SimulationDraft, type TestDraft, type Tri, type TurnDraft } from '@/lib/conversation-tests/draft';
import type { TestFormState } from '@/lib/conversation-tests/form-state';
import type { AnswerOutcome } from '@/lib/domain/chat';
import { LOCALES } from '@/lib/i18n/locales';

type Action = (state: TestFormState, form: FormData) => Promise<TestFormState>;

const LANG_NAMES: Record<string, string> = { en: 'English', de: 'German', fr: 'French', it: 'Italian' };

type Choice = { value: string; label: string };

/** The languages a case or a reply is in. */
const LANGUAGES: Choice[] = LOCALES.map((l) => ({ value: l, label: LANG_NAMES[l]! }));

/** A yes/no check, beside "No check". */
const YES_NO: Choice[] = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** The options of a native select; `none` first (value ""), when given. */
function Options({ choices, none }: { choices: readonly Choice[]; none?: string }) {
  return (
    <>
      {none !== undefined && <option value="">{none}</option>}
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </>
  );
}

/** The outcomes an expert picks from, in words. */
const OUTCOMES: { value: AnswerOutcome; label: string }[] = [
  { value: 'answered', label: 'answers from the articles' },
  { value: 'golden', label: 'gives a golden answer' },
  { value: 'clarify', label: 'asks which version' },
  { value: 'account', label: 'reads the account' },
  { value: 'approval', label: 'proposes a change' },
  { value: 'no_answer', label: 'declines (no answer)' },
  { value: 'refused', label: 'refuses' },
  { value: 'handoff', label: 'hands off' },
  { value: 'sign_in', label: 'asks to sign in' },
  { value: 'out_of_scope', label: 'out of scope' },
  { value: 'chit_chat', label: 'small talk' },
  { value: 'relayed', label: 'stays silent (a person holds it)' },
];

const EVENTS: { value: Extract<TurnDraft, { kind: 'event' }>['event']; label: string }[] = [
  { value: 'customer_approves', label: 'The customer approves the proposed change' },
  { value: 'customer_declines', label: 'The customer declines the proposed change' },
  { value: 'agent_claims', label: 'A person takes the conversation over' },
];

const FLAGS: { key: 'approval' | 'refuses' | 'handoff' | 'silent' | 'golden'; label: string }[] = [
  { key: 'approval', label: 'Proposes an approval card' },
  { key: 'refuses', label: 'Refuses' },
  { key: 'handoff', label: 'Offers a hand-off' },
  { key: 'silent', label: 'Stays silent' },
  { key: 'golden', label: 'Golden answer' },
];

function Labelled({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}

/** The checks of one turn (n ≥ 1), or of a simulated conversation as a whole (n = 0). */
function ChecksEditor({ n, checks, tools, onChange }: { n: number; checks: CheckDraft; tools: string[]; onChange: (next: CheckDraft) => void }) {
  const set = <K extends keyof CheckDraft>(key: K, value: CheckDraft[K]) => onChange({ ...checks, [key]: value });
  const id = (name: string) => (n === 0 ? `conversation-${name}` : `turn-${n}-${name}`);
  const prefix = n === 0 ? 'The conversation' : `Turn ${n}`;
  return (
    <div className="grid gap-4 rounded-md border bg-muted/30 p-3">
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">The answer (any of these)</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {OUTCOMES.map((o) => (
            <label key={o.value} className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                checked={checks.outcomes.includes(o.value)}
                onChange={(e) => set('outcomes', e.target.checked ? [...checks.outcomes, o.value] : checks.outcomes.filter((x) => x !== o.value))}
              />
              {o.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-3 md:grid-cols-2">
        <Labelled id={id('facts')} label={`${prefix}: states these facts`} hint="One fact per line; alternatives separated by |, e.g. 10 seconds | ten seconds">
          <Textarea id={id('facts')} rows={3} value={checks.facts} onChange={(e) => set('facts', e.target.value)} />
        </Labelled>
        <Labelled id={id('notFacts')} label={`${prefix}: does not state these`} hint="One per line, e.g. a wrong price">
          <Textarea id={id('notFacts')} rows={3} value={checks.notFacts} onChange={(e) => set('notFacts', e.target.value)} />
        </Labelled>
        <Labelled id={id('cites')} label={`${prefix}: cites one of these articles`} hint="Article ids, comma-separated; every cited article must be one of them">
          <Input id={id('cites')} value={checks.cites} onChange={(e) => set('cites', e.target.value)} />
        </Labelled>
        <Labelled id={id('notCites')} label={`${prefix}: does not cite`} hint="Article ids, comma-separated">
          <Input id={id('notCites')} value={checks.notCites} onChange={(e) => set('notCites', e.target.value)} />
        </Labelled>
        <Labelled id={id('tool')} label={`${prefix}: calls this tool`}>
          <NativeSelect id={id('tool')} value={checks.toolName} onChange={(e) => set('toolName', e.target.value)}>
            <Options none="No check" choices={tools.map((t) => ({ value: t, label: t }))} />
          </NativeSelect>
        </Labelled>
        <Labelled id={id('toolArgs')} label={`${prefix}: with these arguments`} hint='JSON, e.g. {"planId": "wave-home-1000"}; empty: any'>
          <Input id={id('toolArgs')} value={checks.toolArgs} onChange={(e) => set('toolArgs', e.target.value)} className="font-mono" />
        </Labelled>
      </div>
      <Labelled id={id('criterion')} label={`${prefix}: judged by the model`} hint="A criterion in words, e.g. explains the fee and offers the downgrade. Needs an LLM: without one the test is skipped.">
        <Input id={id('criterion')} value={checks.criterion} maxLength={500} onChange={(e) => set('criterion', e.target.value)} />
      </Labelled>
      <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {FLAGS.map((f) => (
          <Labelled key={f.key} id={id(f.key)} label={f.label}>
            <NativeSelect id={id(f.key)} value={checks[f.key]} onChange={(e) => set(f.key, e.target.value as Tri)}>
              <Options none="No check" choices={YES_NO} />
            </NativeSelect>
          </Labelled>
        ))}
        <Labelled id={id('lang')} label="Answers in">
          <NativeSelect id={id('lang')} value={checks.lang} onChange={(e) => set('lang', e.target.value as CheckDraft['lang'])}>
            <Options none="No check" choices={LANGUAGES} />
          </NativeSelect>
        </Labelled>
      </div>
    </div>
  );
}

function SimulationEditor({ simulation, tools, onChange }: { simulation: SimulationDraft; tools: string[]; onChange: (next: SimulationDraft) => void }) {
  return (
    <div className="grid gap-3 rounded-lg border p-4" data-testid="simulation">
      <Labelled id="sim-persona" label="Who the customer is" hint="e.g. A retired customer, not at ease with technology, writes in short sentences.">
        <Textarea id="sim-persona" rows={2} maxLength={1000} value={simulation.persona} onChange={(e) => onChange({ ...simulation, persona: e.target.value })} />
      </Labelled>
      <Labelled id="sim-goal" label="Their goal" hint="What they want to get done; the conversation ends when they have it.">
        <Textarea id="sim-goal" rows={2} maxLength={1000} value={simulation.goal} onChange={(e) => onChange({ ...simulation, goal: e.target.value })} />
      </Labelled>
      <Labelled id="sim-knows" label="What they know" hint="e.g. their modem is a Box 3; the bill was higher than usual.">
        <Textarea id="sim-knows" rows={2} maxLength={2000} value={simulation.knows} onChange={(e) => onChange({ ...simulation, knows: e.target.value })} />
      </Labelled>
      <Labelled id="sim-max" label="At most this many customer messages">
        <Input id="sim-max" type="number" min={1} max={12} value={simulation.maxTurns} onChange={(e) => onChange({ ...simulation, maxTurns: Math.max(1, Math.min(12, Number(e.target.value) || 1)) })} className="w-24" />
      </Labelled>
      <ChecksEditor n={0} checks={simulation.checks} tools={tools} onChange={(checks) => onChange({ ...simulation, checks })} />
    </div>
  );
}

/**
 * Creates or edits a conversation test: who the customer is, the turns, and per turn the checks.
 * The browser assembles the case; the server validates it again and says what is wrong.
 */
export function TestForm({
  id,
  initial,
  customers,
  tools,
  action,
  cancelHref,
}: {
  id: string | null;
  initial: TestDraft;
  customers: string[];
  tools: string[];
  action: Action;
  cancelHref: string;
}) {
  const [draft, setDraft] = useState<TestDraft>(initial);
  const [problems, setProblems] = useState<DraftProblem[]>([]);
  const [state, dispatch, pending] = useActionState<TestFormState, FormData>(action, { status: 'idle' });
  const [eventToAdd, setEventToAdd] = useState<(typeof EVENTS)[number]['value']>('customer_approves');

  const setTurn = (i: number, turn: TurnDraft) => setDraft({ ...draft, turns: draft.turns.map((t, j) => (j === i ? turn : t)) });
  const move = (i: number, by: -1 | 1) => {
    const turns = [...draft.turns];
    const [t] = turns.splice(i, 1);
    turns.splice(i + by, 0, t!);
    setDraft({ ...draft, turns });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const built = caseOf(draft);
    if (!built.ok) {
      setProblems(built.problems);
      return;
    }
    setProblems([]);
    const data = new FormData();
    if (id) data.set('id', id);
    data.set('case', JSON.stringify(built.test));
    startTransition(() => dispatch(data));
  };
  // Each customer message's number (events between them are not counted).
  const numbers = draft.turns.map((_, i) => draft.turns.slice(0, i + 1).filter((t) => t.kind === 'user').length);

  return (
    <form onSubmit={onSubmit} className="grid gap-6" noValidate>
      {(problems.length > 0 || state.status === 'error') && (
        <Alert variant="destructive" data-testid="test-form-error">
          <AlertCircle aria-hidden />
          <AlertTitle>{state.status === 'error' && problems.length === 0 ? state.message : 'The test has problems:'}</AlertTitle>
          <AlertDescription>
            <ul className="list-disc pl-5">
              {problems.map((p, i) => (
                <li key={`p${i}`}>
                  {p.turn === 0 ? 'The conversation' : `Turn ${p.turn}`}: {p.message}
                </li>
              ))}
              {problems.length === 0 && state.status === 'error' && state.issues.map((issue, i) => <li key={`i${i}`}>{issue}</li>)}
            </ul>
          </AlertDescription>
        </Alert>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <Labelled id="test-name" label="Name">
          <Input id="test-name" value={draft.name} maxLength={120} onChange={(e) => setDraft({ ...draft, name: e.target.value })} required />
        </Labelled>
        <Labelled id="test-group" label="Group" hint="e.g. billing, devices, account-write">
          <Input id="test-group" value={draft.group} maxLength={60} onChange={(e) => setDraft({ ...draft, group: e.target.value })} required />
        </Labelled>
        <Labelled id="test-lang" label="Language">
          <NativeSelect id="test-lang" value={draft.lang} onChange={(e) => setDraft({ ...draft, lang: e.target.value as TestDraft['lang'] })}>
            <Options choices={LANGUAGES} />
          </NativeSelect>
        </Labelled>
        <Labelled id="test-customer" label="Customer" hint="A test customer signs in with a fixed account state in the sandbox; their changes are undone after the test.">
          <NativeSelect id="test-customer" value={draft.customer} onChange={(e) => setDraft({ ...draft, customer: e.target.value })}>
            <Options none="Anonymous visitor" choices={customers.map((c) => ({ value: c, label: c }))} />
          </NativeSelect>
        </Labelled>
      </div>

      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={draft.simulation !== null}
          onChange={(e) => setDraft({ ...draft, simulation: e.target.checked ? { persona: '', goal: '', knows: '', maxTurns: 6, checks: { ...EMPTY_CHECKS } } : null })}
          data-testid="simulated-toggle"
        />
        A simulated customer writes the turns (needs an LLM): give a persona, a goal and what they know; the checks apply to the whole conversation.
      </label>

      {draft.simulation ? (
        <SimulationEditor simulation={draft.simulation} tools={tools} onChange={(simulation) => setDraft({ ...draft, simulation })} />
      ) : (
      <>
      <ol className="grid gap-4" data-testid="test-turns">
        {draft.turns.map((turn, i) => {
          const n = numbers[i]!;
          return (
            <li key={i} className="grid gap-3 rounded-lg border p-4" data-testid="test-turn">
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm font-semibold">{turn.kind === 'user' ? `Turn ${n}: the customer writes` : 'Then'}</span>
                <div className="ml-auto flex gap-1">
                  <Button type="button" size="sm" variant="ghost" aria-label="Move up" disabled={i === 0} onClick={() => move(i, -1)}>
                    <ArrowUp aria-hidden />
                  </Button>
                  <Button type="button" size="sm" variant="ghost" aria-label="Move down" disabled={i === draft.turns.length - 1} onClick={() => move(i, 1)}>
                    <ArrowDown aria-hidden />
                  </Button>
                  <Button type="button" size="sm" variant="ghost" aria-label="Remove" disabled={draft.turns.length === 1} onClick={() => setDraft({ ...draft, turns: draft.turns.filter((_, j) => j !== i) })}>
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              </div>
              {turn.kind === 'user' ? (
                <>
                  <Labelled id={`turn-${n}-text`} label={`Turn ${n}: message`}>
                    <Textarea id={`turn-${n}-text`} rows={2} maxLength={2000} value={turn.text} onChange={(e) => setTurn(i, { ...turn, text: e.target.value })} />
                  </Labelled>
                  <ChecksEditor n={n} checks={turn.checks} tools={tools} onChange={(checks) => setTurn(i, { ...turn, checks })} />
                </>
              ) : (
                <NativeSelect aria-label="Event" value={turn.event} onChange={(e) => setTurn(i, { kind: 'event', event: e.target.value as typeof turn.event })}>
                  <Options choices={EVENTS} />
                </NativeSelect>
              )}
            </li>
          );
        })}
      </ol>

      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" onClick={() => setDraft({ ...draft, turns: [...draft.turns, { kind: 'user', text: '', checks: { ...EMPTY_CHECKS } }] })}>
          <Plus aria-hidden /> Add a customer message
        </Button>
        <NativeSelect aria-label="Event to add" value={eventToAdd} onChange={(e) => setEventToAdd(e.target.value as typeof eventToAdd)} className="w-80">
          <Options choices={EVENTS} />
        </NativeSelect>
        <Button type="button" variant="outline" onClick={() => setDraft({ ...draft, turns: [...draft.turns, { kind: 'event', event: eventToAdd }] })}>
          <Plus aria-hidden /> Add event
        </Button>
      </div>
      </>
      )}

      <div className="flex gap-2">
        <Button type="submit" disabled={pending} data-testid="save-test">
          <Save aria-hidden /> {pending ? 'Saving…' : 'Save test'}
        </Button>
        <Button asChild variant="ghost">
          <Link href={cancelHref}>Cancel</Link>
        </Button>
      </div>
    </form>
  );
}
