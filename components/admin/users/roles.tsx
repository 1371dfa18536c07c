import { STAFF_ROLE_LABELS } from '@/lib/console/users/roles';

export const SELECT_CLASS = 'h-10 rounded-md border border-input bg-background px-3 text-sm';

export const ROLE_OPTIONS = Object.entries(STAFF_ROLE_LABELS).map(([value, label]) => (
  <option key={value} value={value}>
    {label}
  </option>
));
