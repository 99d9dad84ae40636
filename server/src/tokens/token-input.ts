import { AppError } from '../errors.ts';

/** A token's name: trimmed, 1–100 characters (it is shown in the history as "token:<name>"). */
export function checkTokenName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) {
    throw new AppError('validation_failed', {
      message: 'Give the token a name that says which system uses it, e.g. "AVL system".',
    });
  }
  if (trimmed.length > 100) {
    throw new AppError('validation_failed', {
      message: 'The token name is too long: use at most 100 characters.',
    });
  }
  return trimmed;
}

/** How the history and the feed's updated_by name a token's saves. */
export function tokenActorName(name: string): string {
  return `token:${name}`;
}
