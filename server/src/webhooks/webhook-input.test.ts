import { describe, expect, it } from 'vitest';
import { checkWebhookEvents, checkWebhookUrl, WEBHOOK_EVENTS } from './webhook-input.ts';

describe('a webhook URL', () => {
  it('takes absolute http(s) URLs, loopback and private ones too', () => {
    expect(checkWebhookUrl(' https://ops.example.org/hook ')).toBe('https://ops.example.org/hook');
    expect(checkWebhookUrl('http://127.0.0.1:8080/x?y=1')).toBe('http://127.0.0.1:8080/x?y=1');
    expect(checkWebhookUrl('http://10.1.2.3/hook')).toBe('http://10.1.2.3/hook');
  });

  it('refuses other schemes, relative URLs, credentials and long URLs with a sentence', () => {
    expect(() => checkWebhookUrl('ftp://example.org/')).toThrow(
      'A webhook URL starts with https:// or http://.',
    );
    expect(() => checkWebhookUrl('javascript:alert(1)')).toThrow(
      'A webhook URL starts with https:// or http://.',
    );
    expect(() => checkWebhookUrl('/hook')).toThrow(/absolute URL/);
    expect(() => checkWebhookUrl('https://u:p@example.org/')).toThrow(/credentials/);
    expect(() => checkWebhookUrl(`https://example.org/${'a'.repeat(2000)}`)).toThrow(
      /at most 2000 characters/,
    );
  });
});

describe('the events of a webhook', () => {
  it('keeps each known event once, in the catalogue order', () => {
    expect(checkWebhookEvents(['schedule.activated', 'alert.published', 'alert.published'])).toEqual([
      'alert.published',
      'schedule.activated',
    ]);
    expect(checkWebhookEvents([...WEBHOOK_EVENTS].reverse())).toEqual([...WEBHOOK_EVENTS]);
  });

  it('refuses none, or an unknown one named (cut short)', () => {
    expect(() => checkWebhookEvents([])).toThrow('Choose at least one event for the webhook.');
    expect(() => checkWebhookEvents(['alert.published', `x${'y'.repeat(100)}`])).toThrow(
      `Unknown webhook event "x${'y'.repeat(39)}"`,
    );
  });
});
