import { isRole, ROLES, type Role } from '../auth/roles.ts';
import { AppError } from '../errors.ts';

/** The spec's (§5) messages for a new or edited user; kept word for word. */
export const userMessages = {
  usernameRequired: 'Please enter a username.',
  passwordRequired: 'Please enter a password.',
  passwordTooShort: 'Your password must have atleast 10 characters.',
  passwordsDiffer: 'Your password and the repeat password do not match.',
} as const;

export const PASSWORD_MIN_LENGTH = 10;

export function checkUsername(username: string): string {
  const trimmed = username.trim();
  if (!trimmed) throw new AppError('validation_failed', { message: userMessages.usernameRequired });
  if (trimmed.length > 100) {
    throw new AppError('validation_failed', {
      message: 'The username is too long: use at most 100 characters.',
    });
  }
  return trimmed;
}

export function checkPassword(password: string | undefined): string {
  if (!password) throw new AppError('validation_failed', { message: userMessages.passwordRequired });
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new AppError('validation_failed', { message: userMessages.passwordTooShort });
  }
  if (password.length > 1000) {
    throw new AppError('validation_failed', {
      message: 'The password is too long: use at most 1000 characters.',
    });
  }
  return password;
}

export function checkRoles(roles: readonly string[]): Role[] {
  const unknown = roles.filter((r) => !isRole(r));
  if (unknown.length > 0) {
    throw new AppError('validation_failed', {
      message: `Unknown role '${unknown[0]}'. Roles are ${ROLES.join(', ')}.`,
    });
  }
  return ROLES.filter((r) => roles.includes(r));
}
