import { describe, expect, it } from 'vitest';
import { check } from './alert-url-not-web.ts';
import { makeAlert, makeTripUpdate } from './test-support.ts';

const withUrls = (...texts: string[]) =>
  makeAlert({ informedEntity: [{ routeId: 'STH' }], url: { translation: texts.map((text) => ({ text })) } });

describe('alert URL that is no web address', () => {
  it('refuses javascript:, data: and text that is no URL, at the translation that holds it', () => {
    const notices = check(
      withUrls('https://example.org/a', 'javascript:alert(1)', 'data:text/html,x', 'www'),
    );
    expect(notices.map((n) => [n.code, n.severity, n.field])).toEqual([
      ['alert_url_not_web', 'error', 'alert.url.translation[1].text'],
      ['alert_url_not_web', 'error', 'alert.url.translation[2].text'],
      ['alert_url_not_web', 'error', 'alert.url.translation[3].text'],
    ]);
  });

  it('accepts http and https URLs, and entities without a URL', () => {
    expect(check(withUrls('http://example.org', 'HTTPS://example.org/x?y=1'))).toEqual([]);
    expect(check(makeAlert({ informedEntity: [{ routeId: 'STH' }] }))).toEqual([]);
    expect(check(makeTripUpdate([]))).toEqual([]);
  });
});
