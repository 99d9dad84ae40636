import { describe, expect, it } from 'vitest';
import { makeSiriDelivery } from './make-siri-delivery.ts';
import { siriRef, ZoneClock } from './siri-node.ts';

describe('SIRI references and times (docs/rest-api.md "SIRI")', () => {
  it('keeps NMTOKEN ids and escapes any other, never two ids alike', () => {
    expect(siriRef('N1')).toBe('N1');
    expect(siriRef('route_7:a.b-c')).toBe('route_7:a.b-c');
    expect(siriRef('unit 7')).toBe('unit_x0020_7');
    expect(siriRef('a_b c')).toBe('a_x005F_b_x0020_c');
    expect(siriRef('')).toBe('_');
    // An id that looks escaped is escaped itself: it cannot be taken for another.
    expect(siriRef('unit_x0020_7')).toBe('unit_x005F_x0020_x005F_7');
  });

  it('writes instants with the zone’s offset of that instant, across midnight and a clock change', () => {
    const auckland = new ZoneClock('Pacific/Auckland');
    // 24:20 of 4 December 2026 (NZDT, +13:00) is 00:20 on the 5th.
    const dayStart = Date.parse('2026-12-04T00:00:00+13:00') / 1000;
    expect(auckland.iso(dayStart + 24 * 3600 + 20 * 60)).toBe('2026-12-05T00:20:00+13:00');
    // NZ clocks go back on 5 April 2026 at 03:00 NZDT: from +13:00 to +12:00.
    expect(auckland.iso(Date.parse('2026-04-05T01:30:00Z') / 1000)).toBe('2026-04-05T13:30:00+12:00');
    expect(auckland.iso(Date.parse('2026-04-04T13:30:00Z') / 1000)).toBe('2026-04-05T02:30:00+13:00');
    expect(new ZoneClock('UTC').iso(0)).toBe('1970-01-01T00:00:00Z');
    expect(auckland.date(dayStart + 24 * 3600 + 60)).toBe('20261205');
  });

  it('escapes whatever an alert says, in XML and JSON alike', () => {
    const { xml, json } = makeSiriDelivery({
      service: 'situation-exchange',
      rows: [
        {
          id: 'odd <&>',
          alert: {
            headerText: { translation: [{ text: 'Trains & buses <b>"late"</b> ]]>', language: 'en' }] },
          },
        },
      ],
      stamp: 1_700_000_000,
      zone: 'Europe/Oslo',
      trips: [],
      dayStarts: [],
      updatedAt: [],
      ttlSecs: 300,
    });
    expect(xml).toContain('<SituationNumber>odd_x0020__x003C__x0026__x003E_</SituationNumber>');
    expect(xml).toContain(
      '<Summary xml:lang="en">Trains &amp; buses &lt;b&gt;"late"&lt;/b&gt; ]]&gt;</Summary>',
    );
    const parsed = JSON.parse(json);
    const situation =
      parsed.Siri.ServiceDelivery.SituationExchangeDelivery[0].Situations.PtSituationElement[0];
    expect(situation.Summary).toEqual([{ value: 'Trains & buses <b>"late"</b> ]]>', lang: 'en' }]);
    expect(situation.ValidityPeriod).toEqual([{ StartTime: '2023-11-14T23:13:20+01:00' }]);
  });
});
