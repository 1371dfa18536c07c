/** The roles a user can have. Kept free of imports so the schema and the UI can share it. */
export const ROLES = ['customer', 'expert', 'analyst', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
