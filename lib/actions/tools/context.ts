import type { Db } from '@/lib/db/client';
import type { ConnectorRegistry } from '@/lib/actions/connectors/registry';
import type { Locale } from '@/lib/i18n/locales';

/**
 * What every tool runs with. The customer comes from the session (resolveCustomer), never from
 * the model: no tool input names a customer. `customerNumber` is the customer as the company's
 * own systems know them, sent (signed) with every connector request; `lang` is the language a
 * connector's refusal is worded in.
 */
export type ToolContext = {
  db: Db;
  customerId: string;
  customerNumber: string;
  userId: string;
  now: Date;
  lang: Locale;
  connectors: ConnectorRegistry;
};
