/** The staff roles an admin can give, with what each may do (the console's words). */
export const STAFF_ROLE_LABELS = {
  expert: 'Expert — golden answers, conversations, hand-offs, knowledge, tests',
  analyst: 'Analyst — reads dashboards, evaluations and conversations',
  admin: 'Admin — everything, including users and the widget',
} as const;
