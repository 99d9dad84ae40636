import type { Config } from '../../config.ts';
import { isSingleSignOnOn } from './sign-in-provider.ts';

/** What the login page offers (docs/single-sign-on.md): the password form, single sign-on, or both. */
export type SignInOptions = {
  localLogin: boolean;
  singleSignOn: { name: string; url: string } | null;
};

export function signInOptions(config: Config): SignInOptions {
  return {
    localLogin: config.LOCAL_LOGIN,
    singleSignOn: isSingleSignOnOn(config) ? { name: config.OIDC_NAME, url: '/auth/oidc/login' } : null,
  };
}
