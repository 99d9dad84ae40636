/** The five roles of docs/spec.md §6. `edit` implies `view` (docs/rest-api.md). */
export const ROLES = ['view', 'edit', 'gtfs', 'excel', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export function hasRole(roles: readonly string[], role: Role): boolean {
  if (roles.includes(role)) return true;
  return role === 'view' && roles.includes('edit');
}

/** Roles in the canonical order, without duplicates. */
export function normaliseRoles(roles: readonly string[]): Role[] {
  return ROLES.filter((r) => roles.includes(r));
}
