import { AppError } from '../errors.ts';

/** What a webhook may be told of (docs/rest-api.md "Webhooks"); the triggers of migration 0030 name them. */
export const WEBHOOK_EVENTS = [
  'alert.published',
  'alert.ended',
  'trip_update.saved',
  'trip_update.deleted',
  'disruption.applied',
  'disruption.lifted',
  'schedule.activated',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Characters of a webhook's URL. */
export const WEBHOOK_URL_MAX = 2000;

/**
 * A webhook's URL: absolute http(s), without credentials in it. Private and loopback addresses are
 * allowed on purpose: an operator's own systems are often on its own network, and only admins add
 * webhooks (bounded by WEBHOOKS_PER_ADMIN).
 */
export function checkWebhookUrl(raw: string): string {
  const text = raw.trim();
  if (text.length > WEBHOOK_URL_MAX) {
    throw new AppError('validation_failed', {
      message: `The webhook URL is too long: use at most ${WEBHOOK_URL_MAX} characters.`,
    });
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AppError('validation_failed', {
      message: 'Give the webhook an absolute URL, e.g. https://ops.example.org/feeddesk-events.',
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AppError('validation_failed', { message: 'A webhook URL starts with https:// or http://.' });
  }
  if (url.username || url.password) {
    throw new AppError('validation_failed', {
      message: 'Leave credentials out of the webhook URL: the receiver checks the signature instead.',
    });
  }
  return url.toString();
}

/** The events asked for: at least one, each known, each once (in the catalogue's order). */
export function checkWebhookEvents(events: readonly string[]): WebhookEvent[] {
  const unknown = events.filter((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e));
  if (unknown.length > 0) {
    throw new AppError('validation_failed', {
      message: `Unknown webhook event ${JSON.stringify(unknown[0]!.slice(0, 40))}: choose among ${WEBHOOK_EVENTS.join(', ')}.`,
    });
  }
  const chosen = WEBHOOK_EVENTS.filter((e) => events.includes(e));
  if (chosen.length === 0) {
    throw new AppError('validation_failed', { message: 'Choose at least one event for the webhook.' });
  }
  return chosen;
}
