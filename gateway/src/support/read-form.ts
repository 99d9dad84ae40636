import type { FastifyRequest } from 'fastify';

export type FormFile = { filename: string; mimetype: string; bytes: Buffer };
export type Form = { fields: Record<string, string[]>; files: Record<string, FormFile> };

type MultipartPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | { type: 'file'; fieldname: string; filename: string; mimetype: string; toBuffer(): Promise<Buffer> };

/**
 * Forms come urlencoded or multipart (contract.md); a list field may be repeated as `roles` or
 * `roles[]`. Returns every field as a list of strings.
 */
export async function readForm(request: FastifyRequest): Promise<Form> {
  const form: Form = { fields: {}, files: {} };
  const body = (request.body ?? {}) as Record<string, unknown>;
  if (typeof body !== 'object') return form;
  for (const [rawName, value] of Object.entries(body)) {
    const name = rawName.replace(/\[\]$/, '');
    for (const item of Array.isArray(value) ? value : [value]) {
      if (isPart(item)) {
        if (item.type === 'file') {
          form.files[name] = {
            filename: item.filename,
            mimetype: item.mimetype,
            bytes: await item.toBuffer(),
          };
        } else {
          push(form, name, String(item.value ?? ''));
        }
      } else if (item !== undefined && item !== null) {
        push(form, name, String(item));
      }
    }
  }
  return form;
}

function push(form: Form, name: string, value: string) {
  form.fields[name] = [...(form.fields[name] ?? []), value];
}

function isPart(value: unknown): value is MultipartPart {
  return typeof value === 'object' && value !== null && 'type' in value && 'fieldname' in value;
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
