import { eq } from 'drizzle-orm';
import type { ActionPreview, Outcome } from '@/lib/domain/account-tools';
import { normalizeEmailAddress, normalizePhoneNumber } from '@/lib/actions/policy';
import type { HandoffReason } from '@/lib/domain/chat';
import type { Db } from '@/lib/db/client';
import { customers, type CustomerRow } from '@/lib/db/schema';
import { runAudited } from './audit';
import { ok, refuse } from './outcome';
import { NOT_A_CUSTOMER, loadCustomer, type ActorScope, type CustomerScope } from './shared';

export type ContactDetails = { email: string; phone: string; address: { street: string; postcode: string; city: string } };

/** What the customer system has on file to reach the customer. */
export async function getContactDetails(db: Db, { customerId }: CustomerScope): Promise<Outcome<ContactDetails>> {
  const customer = await loadCustomer(db, { customerId });
  if (!customer) return NOT_A_CUSTOMER;
  return ok({ email: customer.email, phone: customer.phone, address: { street: customer.street, postcode: customer.postcode, city: customer.city } });
}

type ContactInput = { email?: string; phone?: string };
type ContactChange = { customer: CustomerRow; field: 'email' | 'phone'; before: string; after: string };

const FIELD_LABEL = { email: 'email address', phone: 'phone number' } as const;

async function decideContactChange(db: Db, { customerId, email, phone, lock }: { customerId: string; lock: boolean } & ContactInput): Promise<Outcome<ContactChange>> {
  const customer = await loadCustomer(db, { customerId, lock });
  if (!customer) return NOT_A_CUSTOMER;
  if ((email === undefined) === (phone === undefined)) {
    return refuse('invalid_contact', 'Please give either a new email address or a new phone number, one at a time.');
  }
  let field: 'email' | 'phone';
  let after: string | null;
  if (email !== undefined) {
    field = 'email';
    after = normalizeEmailAddress(email);
    if (!after) return refuse('invalid_contact', `"${email.slice(0, 200)}" is not a valid email address.`);
  } else {
    field = 'phone';
    after = normalizePhoneNumber(phone ?? '');
    if (!after) return refuse('invalid_contact', `"${(phone ?? '').slice(0, 40)}" is not a valid phone number. Please give it like +41 79 123 45 67.`);
  }
  const before = customer[field];
  if (before === after) return refuse('invalid_contact', `${after} is already the ${FIELD_LABEL[field]} on your account.`);
  return ok({ customer, field, before, after });
}

export async function previewUpdateContactDetails(db: Db, { customerId, email, phone }: CustomerScope & ContactInput): Promise<Outcome<ActionPreview>> {
  const decision = await decideContactChange(db, { customerId, email, phone, lock: false });
  if (!decision.ok) return decision;
  const { field, before, after } = decision.value;
  const notes =
    field === 'email'
      ? ['We send a confirmation link to the new address.', 'Invoices and notices go to this address; the email you sign in with does not change.']
      : ['We send an SMS code to the new number to confirm it.', 'We use this number for SMS notices, appointment reminders and call-backs.'];
  return ok({ title: `Update your ${FIELD_LABEL[field]}`, changes: [{ label: field === 'email' ? 'Email address' : 'Phone number', before, after }], notes });
}

export type ContactUpdateResult = { field: 'email' | 'phone'; before: string; after: string; summary: string };

/** Validates again and stores the new email address or phone number, audited. */
export async function executeUpdateContactDetails(db: Db, scope: ActorScope & ContactInput): Promise<Outcome<ContactUpdateResult>> {
  const { customerId, email, phone } = scope;
  const input = email !== undefined ? { email } : { phone };
  return runAudited<ContactUpdateResult>(db, { ...scope, action: 'update_contact_details', input }, async (tx) => {
    const decision = await decideContactChange(tx, { customerId, email, phone, lock: true });
    if (!decision.ok) return { outcome: decision };
    const { field, before, after } = decision.value;
    await tx
      .update(customers)
      .set(field === 'email' ? { email: after } : { phone: after })
      .where(eq(customers.id, customerId));
    return {
      outcome: ok({ field, before, after, summary: `Your ${FIELD_LABEL[field]} is now ${after}.` }),
      before: { [field]: before },
      after: { [field]: after },
    };
  });
}

// ---- Call-back ---------------------------------------------------------------------------------

const LANGUAGE_NAMES: Record<CustomerRow['language'], string> = { en: 'English', de: 'German', fr: 'French', it: 'Italian' };

function cleanTopic(topic: string | undefined): string | null {
  const clean = topic?.replace(/\s+/g, ' ').trim().slice(0, 200);
  return clean ? clean : null;
}

export async function previewRequestCallback(db: Db, { customerId, topic }: CustomerScope & { topic?: string }): Promise<Outcome<ActionPreview>> {
  const customer = await loadCustomer(db, { customerId });
  if (!customer) return NOT_A_CUSTOMER;
  const about = cleanTopic(topic);
  return ok({
    title: 'Request a call back',
    changes: [
      { label: 'We call you on', before: null, after: customer.phone },
      { label: 'Topic', before: null, after: about ?? 'Your account' },
    ],
    notes: [
      `A person from our support team calls you back in ${LANGUAGE_NAMES[customer.language]}. Our agents work Monday to Saturday, 08:00–20:00.`,
      'If this is not the right number, update your phone number first.',
    ],
  });
}

export type CallbackRequest = {
  /** What the caller passes to requestHandoff (lib/db/queries/handoffs.ts). */
  handoff: { reason: HandoffReason; note: string };
  phone: string;
  language: CustomerRow['language'];
  customerNumber: string;
  topic: string | null;
  summary: string;
};

/**
 * Records the call-back request (audited) and returns what the hand-off needs; the caller creates
 * the hand-off in the conversation.
 */
export async function executeRequestCallback(db: Db, scope: ActorScope & { topic?: string }): Promise<Outcome<CallbackRequest>> {
  const { customerId } = scope;
  const topic = cleanTopic(scope.topic);
  return runAudited<CallbackRequest>(db, { ...scope, action: 'request_callback', input: topic ? { topic } : {} }, async (tx) => {
    const customer = await loadCustomer(tx, { customerId, lock: true });
    if (!customer) return { outcome: NOT_A_CUSTOMER };
    const note = `Call-back requested by ${customer.name} (${customer.customerNumber}) on ${customer.phone}, in ${LANGUAGE_NAMES[customer.language]}. Topic: ${topic ?? 'not given'}.`;
    const request: CallbackRequest = {
      handoff: { reason: 'customer_request', note },
      phone: customer.phone,
      language: customer.language,
      customerNumber: customer.customerNumber,
      topic,
      summary: `A person from our support team will call you back on ${customer.phone}.`,
    };
    return { outcome: ok(request), before: null, after: { phone: customer.phone, topic } };
  });
}
