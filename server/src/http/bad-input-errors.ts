import { AppError, errorAndCauses } from '../errors.ts';

/** PostgreSQL codes for text it cannot store: a NUL byte (22021), an untranslatable character (22P05). */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/** PostgreSQL codes for a number the column cannot hold (22003) or a text that is no number (22P02). */
const OUT_OF_RANGE = new Set(['22003', '22P02']);

/** busboy's errors for a multipart body it cannot split (no boundary, cut short, broken part header). */
const BROKEN_MULTIPART =
  /^(Multipart: Boundary not found|Unexpected end of (multipart|form) data|Malformed part header)/;

/**
 * Errors that are the client's input, though they surface from the database driver or the
 * multipart parser rather than from a service: as an AppError (400), else undefined.
 */
export function badInputError(error: unknown): AppError | undefined {
  for (const e of errorAndCauses(error)) {
    if (typeof e.code === 'string' && UNSTORABLE_TEXT.has(e.code)) {
      return new AppError('validation_failed', {
        message:
          'The request holds a character that cannot be stored (such as a NUL byte). Remove it and try again.',
        cause: error,
      });
    }
    if (typeof e.code === 'string' && OUT_OF_RANGE.has(e.code)) {
      return new AppError('validation_failed', {
        message:
          'A number in the request is out of range (ids and counts are whole numbers below 2 147 483 648).',
        cause: error,
      });
    }
    if (typeof e.message === 'string' && BROKEN_MULTIPART.test(e.message)) {
      return new AppError('bad_request', {
        message:
          'The multipart form could not be read (no boundary, or cut short). Send the file as multipart/form-data again.',
        cause: error,
      });
    }
  }
  return undefined;
}
