import { isRole, normaliseRoles, type Role, rolePairs } from '../roles.ts';

/**
 * The desk's roles a directory account gets (docs/single-sign-on.md): the values of the roles claim
 * (an array, or one string of values separated by spaces or commas) through OIDC_ROLE_MAP
 * (`value=role` pairs); without a map, values that are role names give themselves.
 */
export function directoryRoles(claimValue: unknown, roleMap: string | undefined): Role[] {
  const values = claimValues(claimValue);
  if (!roleMap) return normaliseRoles(values.filter(isRole));
  const map = parseRoleMap(roleMap);
  return normaliseRoles(values.flatMap((v) => map.get(v) ?? []));
}

/**
 * `OIDC_ROLE_MAP`: `feeddesk-controllers=edit, feeddesk-controllers=view, it-admins=admin`; pairs
 * are separated by semicolons instead when the map has one (values with commas: LDAP DNs).
 */
export function parseRoleMap(roleMap: string): Map<string, Role[]> {
  const map = new Map<string, Role[]>();
  for (const pair of rolePairs(roleMap)) {
    const at = pair.lastIndexOf('=');
    if (at <= 0) continue;
    const value = pair.slice(0, at).trim();
    const role = pair.slice(at + 1).trim();
    if (!isRole(role)) continue;
    map.set(value, [...(map.get(value) ?? []), role]);
  }
  return map;
}

function claimValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string').slice(0, 1000);
  if (typeof value === 'string')
    return value
      .split(/[\s,]+/)
      .filter(Boolean)
      .slice(0, 1000);
  return [];
}

/** A claim by a dotted path (`realm_access.roles` of Keycloak), or undefined. */
export function claimAt(claims: Record<string, unknown>, path: string): unknown {
  let at: unknown = claims;
  for (const key of path.split('.')) {
    if (!at || typeof at !== 'object' || Array.isArray(at)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}
