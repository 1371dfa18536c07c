import bcrypt from 'bcryptjs';

const COST = 10;

/** Stored for accounts without a password (invited, single sign-on, verified by a host site): never a bcrypt hash, so nothing matches it. */
export const NO_PASSWORD_HASH = '!no-password-set';

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}

// Compared against when the email is unknown, so a miss costs as long as a wrong password
// and response times do not reveal which emails have accounts.
const DUMMY_HASH = bcrypt.hashSync('lantern-no-such-user', COST);

export async function burnPasswordCheck(password: string): Promise<void> {
  await bcrypt.compare(password, DUMMY_HASH);
}
