import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { unknownRolesInMap } from '../roles.ts';
import { claimAt, directoryRoles } from './directory-roles.ts';
import { checkSingleSignOnSettings } from './sign-in-provider.ts';

describe('the roles a directory account gets (docs/single-sign-on.md)', () => {
  it('takes role names as they are without a map, from an array or a string', () => {
    expect(directoryRoles(['admin', 'edit', 'Domain Users'], undefined)).toEqual(['edit', 'admin']);
    expect(directoryRoles('view, gtfs excel', undefined)).toEqual(['view', 'gtfs', 'excel']);
    expect(directoryRoles(undefined, undefined)).toEqual([]);
    expect(directoryRoles({ admin: true }, undefined)).toEqual([]);
  });

  it('maps directory groups through OIDC_ROLE_MAP, one group to several roles', () => {
    const map = 'planners=gtfs, planners=excel, it=admin, edit=view';
    expect(directoryRoles(['planners'], map)).toEqual(['gtfs', 'excel']);
    // With a map, a value that happens to be a role name gives only what the map says.
    expect(directoryRoles(['edit', 'admin'], map)).toEqual(['view']);
    expect(unknownRolesInMap('a=edit, b=superuser')).toEqual(['superuser']);
    // Semicolons separate pairs whose values have commas (LDAP distinguished names).
    expect(
      directoryRoles(['cn=controllers,ou=rail'], 'cn=controllers,ou=rail=edit; cn=it,ou=rail=admin'),
    ).toEqual(['edit']);
  });

  it('reads a nested claim by a dotted path (Keycloak realm roles)', () => {
    expect(claimAt({ realm_access: { roles: ['edit'] } }, 'realm_access.roles')).toEqual(['edit']);
    expect(claimAt({ realm_access: ['x'] }, 'realm_access.roles')).toBeUndefined();
  });
});

describe('single sign-on settings', () => {
  const oidc = { OIDC_CLIENT_ID: 'desk', OIDC_CLIENT_SECRET: 'secret' };
  it('accepts https anywhere and http only on a loopback address', () => {
    expect(
      loadConfig({ OIDC_ISSUER: 'https://login.example.com/realms/rail', ...oidc }).OIDC_ISSUER,
    ).toBeTruthy();
    expect(loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:9000', ...oidc }).OIDC_ISSUER).toBeTruthy();
    expect(() => loadConfig({ OIDC_ISSUER: 'http://login.example.com', ...oidc })).toThrow(
      /OIDC_ISSUER must be https/,
    );
  });

  it('refuses half a setup and a desk nobody could log in to', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://login.example.com' })).toThrow(/needs all three/);
    expect(() => loadConfig({ LOCAL_LOGIN: 'false' })).toThrow(/nobody could log in/);
    expect(() =>
      checkSingleSignOnSettings(loadConfig({ OIDC_ROLE_MAP: 'controllers=edit, it=root' })),
    ).toThrow(/names no role of the desk: root/);
  });
});
