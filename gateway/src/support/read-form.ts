import { AppError } from '@feeddesk/server/errors';
import { BODY_LIMITS } from '@feeddesk/server/http/request-bodies';
import {
  type UploadedFile,
  uploadMaxBytes,
  uploadTooLarge,
} from '@feeddesk/server/schedule/import/start-schedule-upload';
import { readIntoSharedBytes } from '@feeddesk/server/workers/shared-bytes';
import type { FastifyRequest } from 'fastify';

export type Form = { fields: Record<string, string[]> };

/** No form of the contract has more values than this (a user's roles, a trip's stops…). */
const MAX_FORM_VALUES = BODY_LIMITS.formValues;

/**
 * Forms come urlencoded or multipart (docs/rest-api.md); a list field may be repeated as `roles` or
 * `roles[]`. Returns every field as a list of strings. A file in a form that takes none is refused
 * as soon as its part starts: only the upload route reads a file (readUpload).
 */
export async function readForm(request: FastifyRequest): Promise<Form> {
  // No prototype: a field named `constructor` or `__proto__` is just a field.
  const form: Form = { fields: Object.create(null) };
  const push = valueAdder(form);
  if (request.isMultipart()) {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        throw new AppError('unsupported_media_type', {
          message: 'This call takes no file: send the form fields only.',
        });
      }
      push(part.fieldname.replace(/\[\]$/, ''), String(part.value ?? ''));
    }
    return form;
  }
  const body = (request.body ?? {}) as Record<string, unknown>;
  if (typeof body !== 'object') return form;
  for (const [rawName, value] of Object.entries(body)) {
    const name = rawName.replace(/\[\]$/, '');
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      // A field of a form is text: a nested object or list is refused, not flattened by String()
      // (which recursed through a body thousands of levels deep).
      if (typeof item === 'object') {
        throw new AppError('bad_request', {
          message: `The field "${name.slice(0, 50)}" must be text or a list of texts, not an object.`,
        });
      }
      push(name, String(item));
    }
  }
  return form;
}

/**
 * The file of multipart field `name`, read here, in the upload handler, after the route's
 * onRequest hooks checked the caller and took an upload slot; at most UPLOAD_MAX_MB (413 above).
 * Its bytes go straight into memory the upload's thread shares (workers/shared-bytes.ts).
 */
export async function readUpload(request: FastifyRequest, name: string): Promise<UploadedFile | undefined> {
  if (!request.isMultipart()) return undefined;
  const { config } = request.server.deps;
  let file: UploadedFile | undefined;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== name) {
      for await (const _ of part.file); // not ours: read past it
      continue;
    }
    const bytes = await readIntoSharedBytes(part.file, uploadMaxBytes(config));
    if (!bytes || part.file.truncated) throw uploadTooLarge(config);
    file = { bytes, fileName: part.filename };
  }
  return file;
}

/**
 * Adds values to a form in constant time each (copying the list per value made a form of n values
 * cost n²), at most MAX_FORM_VALUES of them.
 */
function valueAdder(form: Form): (name: string, value: string) => void {
  let values = 0;
  return (name, value) => {
    if (++values > MAX_FORM_VALUES) {
      throw new AppError('bad_request', {
        message: `The form has more than ${MAX_FORM_VALUES} values. Send each field once (a list at most ${MAX_FORM_VALUES} long).`,
      });
    }
    const list = form.fields[name];
    if (list) list.push(value);
    else form.fields[name] = [value];
  };
}

export function field(form: Form, name: string): string | undefined {
  return form.fields[name]?.[0];
}

/** `true` unless the field says false/0/off/no. */
export function boolField(form: Form, name: string, fallback: boolean): boolean {
  const value = field(form, name);
  if (value === undefined || value === '') return fallback;
  return !['false', '0', 'off', 'no'].includes(value.toLowerCase());
}

/** A list field; a single comma-separated value is split too (older clients). */
export function listField(form: Form, name: string): string[] {
  return (form.fields[name] ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}
