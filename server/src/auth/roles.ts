/**
 * The five roles of docs/spec.md §6, and `approve` (publishes or rejects what others saved while
 * two-person approval is on, docs/contract-notes.md). `edit` implies `view` (docs/rest-api.md).
 */
export const ROLES = ['view', 'edit', 'gtfs', 'excel', 'admin', 'approve'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The first administrator's roles: the five of docs/spec.md §6. `approve` is given by an
 * administrator to the people who are to approve (themselves too, if they are).
 */
export const FIRST_ADMIN_ROLES: readonly Role[] = ['view', 'edit', 'gtfs', 'excel', 'admin'];

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

/** The `value=role` pairs of OIDC_ROLE_MAP (docs/single-sign-on.md): semicolons separate them when there is one. */
export function rolePairs(roleMap: string): string[] {
  return roleMap.split(roleMap.includes(';') ? ';' : ',');
}

/** Roles OIDC_ROLE_MAP names that the desk does not have: refused at start so a typo is not silent. */
export function unknownRolesInMap(roleMap: string): string[] {
  return rolePairs(roleMap)
    .map((pair) => pair.slice(pair.lastIndexOf('=') + 1).trim())
    .filter((role) => role && !isRole(role));
}
