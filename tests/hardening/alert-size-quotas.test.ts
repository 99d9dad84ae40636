import { encodeFeedEntity, type FeedEntity } from '@feeddesk/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCleanError } from './helpers.ts';
import { type AttackedProduct, metricValue, startProductForAttacks } from './principal-attacks.ts';

/**
 * docs/rest-api.md "Quotas of a principal": an alert is bounded by settings, REST and tRPC alike
 * (one check, feed/check-alert-size.ts): the characters of each text (ALERT_TEXT_MAX_CHARS), the
 * translations of each text (ALERT_TRANSLATIONS_MAX) and the informed entities
 * (ALERT_INFORMED_ENTITIES_MAX); beyond, 413 alert_too_large naming the limit, counted in /metrics.
 * Small limits here, so that the boundary is tried exactly.
 */
const ENV = { ALERT_TEXT_MAX_CHARS: '200', ALERT_TRANSLATIONS_MAX: '3', ALERT_INFORMED_ENTITIES_MAX: '4' };

function alert(options: { text?: string; languages?: number; informed?: number }): FeedEntity {
  const now = Math.floor(Date.now() / 1000);
  const languages = ['en', 'af', 'zu', 'xh', 'st', 'tn'].slice(0, options.languages ?? 1);
  return {
    id: 'big',
    alert: {
      activePeriod: [{ start: now, end: now + 3600 }],
      informedEntity: Array.from({ length: options.informed ?? 1 }, (_, i) => ({ stopId: `S${i}` })),
      headerText: {
        translation: languages.map((language) => ({ text: options.text ?? 'Lift out of order', language })),
      },
    },
  };
}

describe('sizes of an alert, on the real product', () => {
  let product: AttackedProduct;
  beforeAll(async () => {
    product = await startProductForAttacks(ENV);
  }, 120_000);
  afterAll(() => product?.close());

  const refusals = (quota: string) =>
    metricValue(product.url, `feeddesk_quota_refusals_total{quota="${quota}"}`);

  it('an edit token is refused 413 over each limit, with the sentence, and counted; at the limit it is not', async () => {
    const token = await product.token(['view', 'edit']);
    const post = (entity: FeedEntity) =>
      fetch(`${product.url}/feed/service_alert`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-protobuf' },
        body: Buffer.from(encodeFeedEntity(entity)),
      });
    const chars = await refusals('alert_text_chars');
    const long = await expectCleanError(await post(alert({ text: 'x'.repeat(201) })), 413);
    expect(long.description).toBe(
      'The header_text (en) of this alert has 201 characters; a text takes at most 200 (ALERT_TEXT_MAX_CHARS). Shorten it, and link to a page for the rest.',
    );
    expect(long.error).toBe('Alert too large');
    expect(await refusals('alert_text_chars')).toBe(chars + 1);
    // 200 characters of four UTF-16 units' emoji each are 200 characters, as the editor counts.
    expect((await post(alert({ text: '🚆'.repeat(200) }))).status).not.toBe(413);

    const languages = await expectCleanError(await post(alert({ languages: 4 })), 413);
    expect(languages.description).toBe(
      'The header_text of this alert has 4 translations; a text takes at most 3 (ALERT_TRANSLATIONS_MAX). Keep the languages riders read.',
    );
    expect((await post(alert({ languages: 3 }))).status).not.toBe(413);

    const informed = await expectCleanError(await post(alert({ informed: 5 })), 413);
    expect(informed.description).toBe(
      'This alert names 5 informed entities; an alert takes at most 4 (ALERT_INFORMED_ENTITIES_MAX). Name the route or the stop instead of each train, or split the alert.',
    );
    expect((await post(alert({ informed: 4 }))).status).not.toBe(413);
    expect(await refusals('alert_translations')).toBeGreaterThanOrEqual(1);
    expect(await refusals('alert_informed_entities')).toBeGreaterThanOrEqual(1);
  });

  it('an edit user is refused the same over tRPC: saving, saving a draft and linting; the editor is told the limit', async () => {
    const editor = await product.user(['view', 'edit']);
    const before = await refusals('alert_text_chars');
    const entity = alert({ text: 'y'.repeat(201) });
    for (const [kind, path, input] of [
      ['mutation', 'feed.saveAlert', { entity, baseRevision: 0 }],
      ['mutation', 'feed.saveAlert', { entity, baseRevision: 0, draft: true }],
      ['query', 'feed.lintAlert', { entity }],
    ] as const) {
      const res = await editor.trpc(kind, path, input);
      expect(res.status, `${path} ${JSON.stringify(res.body).slice(0, 300)}`).toBe(413);
      const error = res.body.error;
      expect(error.data.appCode).toBe('alert_too_large');
      expect(error.message).toMatch(/has 201 characters; a text takes at most 200 \(ALERT_TEXT_MAX_CHARS\)/);
    }
    expect(await refusals('alert_text_chars')).toBe(before + 3);
    // Over tRPC too the count is the setting's, not a fixed cap of the input schema.
    const many = await editor.trpc('mutation', 'feed.saveAlert', {
      entity: alert({ informed: 5 }),
      baseRevision: 0,
    });
    expect(many.status).toBe(413);
    expect(many.body.error.data.details).toEqual({ quota: 'alert_informed_entities' });
    const limits = await editor.trpc('query', 'feed.alertTextLimits');
    expect(limits.body.result.data.maxChars).toBe(200);
  });
});
