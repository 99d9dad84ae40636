import { describe, expect, it } from 'vitest';
import { alertFormOf, buildAlert, emptyAlertForm, withEstimatedEnd } from './alert-entity.ts';

/** The demo operator's languages (the settings before an administrator changes them). */
const ZA = { defaultLanguage: 'en-ZA', urlLanguage: 'en-ZA' };

const ZONE = 'Africa/Johannesburg';
const at = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00+02:00`) / 1000;
const NOW = new Date('2025-09-23T10:00:00Z'); // 12:00 in Cape Town

describe('the alert form', () => {
  const form = {
    ...emptyAlertForm(ZONE, ZA, NOW),
    periods: [{ startDate: '2025-09-24', startTime: '18:00', endDate: '', endTime: '' }],
    communication: [{ startDate: '2025-09-23', startTime: '12:00', endDate: '2025-09-24', endTime: '19:00' }],
    affected: [{ kind: 'route' as const, id: 'STH' }],
  };

  it('sends impact and communication periods, and leaves active_period to the server', () => {
    const alert = buildAlert(form, ZONE, ZA).alert;
    expect(alert.activePeriod).toEqual([]);
    expect(alert.impactPeriod).toEqual([{ start: at('2025-09-24', '18:00') }]);
    expect(alert.communicationPeriod).toEqual([
      { start: at('2025-09-23', '12:00'), end: at('2025-09-24', '19:00') },
    ]);
  });

  it('sets the end of the last impact and communication period from an estimated duration', () => {
    const hours = withEstimatedEnd(form, { kind: 'hours', hours: 3 }, ZONE, NOW);
    expect(hours.periods[0]).toMatchObject({ endDate: '2025-09-24', endTime: '21:00' });
    expect(hours.communication[0]).toMatchObject({ endDate: '2025-09-24', endTime: '21:00' });
    const service = withEstimatedEnd(form, { kind: 'at', posix: at('2025-09-25', '00:40') }, ZONE, NOW);
    expect(service.periods[0]).toMatchObject({ endDate: '2025-09-25', endTime: '00:40' });
    const open = withEstimatedEnd(hours, { kind: 'none' }, ZONE, NOW);
    expect(open.periods[0]).toMatchObject({ endDate: '', endTime: '' });
    expect(open.communication[0]).toMatchObject({ endDate: '', endTime: '' });
  });

  it('opens an alert written before impact_period with its active periods as the impact', () => {
    const old = alertFormOf({ alert: { activePeriod: [{ start: at('2025-09-24', '18:00') }] } }, ZONE, ZA);
    expect(old.periods).toEqual([{ startDate: '2025-09-24', startTime: '18:00', endDate: '', endTime: '' }]);
    expect(old.communication).toEqual([]);
  });

  it('keeps spoken texts and details per language', () => {
    const texts = {
      ...form.texts['en-ZA']!,
      header: 'Delays',
      ttsHeader: 'Delays on the Southern Line',
      causeDetail: 'Cable theft',
    };
    const alert = buildAlert({ ...form, texts: { 'en-ZA': texts } }, ZONE, ZA).alert;
    expect(alert.ttsHeaderText).toEqual({
      translation: [{ language: 'en-ZA', text: 'Delays on the Southern Line' }],
    });
    expect(alert.causeDetail).toEqual({ translation: [{ language: 'en-ZA', text: 'Cable theft' }] });
    expect(
      alertFormOf({ alert: { ttsHeaderText: alert.ttsHeaderText, causeDetail: alert.causeDetail } }, ZONE, ZA)
        .texts['en-ZA'],
    ).toMatchObject({
      ttsHeader: 'Delays on the Southern Line',
      causeDetail: 'Cable theft',
    });
  });

  it("follows the operator's settings: a new alert in its default language, the URL in its URL language", () => {
    const us = { defaultLanguage: 'es-US', urlLanguage: 'en-US' };
    const fresh = emptyAlertForm('America/Los_Angeles', us, NOW);
    expect(fresh.languages).toEqual(['es-US']);
    const alert = buildAlert(
      {
        ...fresh,
        texts: { 'es-US': { ...fresh.texts['es-US']!, header: 'Retrasos' } },
        url: 'https://www.caltrain.com/alerts',
      },
      'America/Los_Angeles',
      us,
    ).alert;
    expect(alert.headerText).toEqual({ translation: [{ language: 'es-US', text: 'Retrasos' }] });
    expect(alert.url).toEqual({
      translation: [{ language: 'en-US', text: 'https://www.caltrain.com/alerts' }],
    });
    // An untagged text (a REST client's) opens in the default language, not in en-ZA.
    expect(
      alertFormOf({ alert: { headerText: { translation: [{ text: 'Delays' }] } } }, ZONE, us).languages,
    ).toEqual(['es-US']);
  });
});
