import { READ_TOOLS, WRITE_TOOLS } from '@/lib/domain/account-tools';
import { testCustomerEmails } from './sandbox';

/** What the test editor offers: the sandbox's test customers and the tools a check can name. */
export function editorChoices(): { customers: string[]; tools: string[] } {
  return { customers: testCustomerEmails(), tools: [...Object.keys(READ_TOOLS), ...Object.keys(WRITE_TOOLS)] };
}
