import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_CHARS, emailKey, emailProblem } from './check-email.ts';
import { alertMail, confirmationMail } from './mail-texts.ts';

describe('emailProblem (docs/rest-api.md "E-mail subscriptions")', () => {
  it('accepts ordinary addresses', () => {
    for (const ok of ['rider@example.org', 'first.last+rail@mail.example.co.za', 'A_B-9@x-y.example'])
      expect(emailProblem(ok), ok).toBeNull();
  });

  it('refuses what is no address, each with a sentence', () => {
    for (const bad of [
      '',
      'rider',
      'a@b@example.org',
      '@example.org',
      'rider@',
      'rider@localhost',
      'ri der@example.org',
      'rider@exa mple.org',
      '.rider@example.org',
      'ri..der@example.org',
      'rider@-example.org',
      'rider@example..org',
      'rider@example.org\r\nBcc: victim@example.org',
      `${'a'.repeat(65)}@example.org`,
      `rider@${'a'.repeat(64)}.org`,
      `rider@${'a.'.repeat(EMAIL_MAX_CHARS)}org`,
    ])
      expect(emailProblem(bad), JSON.stringify(bad)).toMatch(/\.$/);
  });

  it('takes time linear in the length, whatever the address holds', () => {
    const long = `${'a.'.repeat(500_000)}@${'b-'.repeat(500_000)}`;
    const started = performance.now();
    for (let i = 0; i < 10; i++) emailProblem(long);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('keys an address in lower case', () => {
    expect(emailKey('Rider@Example.ORG')).toBe('rider@example.org');
  });
});

describe('the mails', () => {
  it('say the confirmation in the language, with the link', () => {
    const mail = confirmationMail({ lang: 'af-ZA', agency: 'Far Rail', routes: ['N'], stops: [], link: 'L' });
    expect(mail.subject).toBe('Bevestig u dienskennisgewings per e-pos');
    expect(mail.body).toContain('roetes N');
    expect(mail.body).toContain('\nL\n');
  });

  it('keep an alert mail’s subject on one line', () => {
    const mail = alertMail({
      lang: 'xx',
      agency: 'Far Rail',
      change: 'published',
      unsubscribe: 'U',
      view: {
        id: 'a',
        effect: 'DETOUR',
        cause: 'UNKNOWN_CAUSE',
        inEffect: true,
        language: 'en',
        header: 'Line one\r\nBcc: victim@example.org',
        description: null,
        url: null,
        when: null,
        impactPeriods: [],
        communicationPeriods: [],
      },
    });
    expect(mail.subject).toBe('New alert: Line one  Bcc: victim@example.org');
    expect(mail.body).toContain('U');
  });
});
