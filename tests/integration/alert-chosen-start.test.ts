import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http-client.ts';
import { PENINSULA_ZONE, pdt, storePeninsulaLine } from '../support/peninsula-line.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// "a published alert's impact starts within the minute the controller chose". The alert
// editor sends the start it showed and the zone it read it in; the server refuses a save whose
// stored start is not in that minute of the schedule's zone (a browser-zone or a stale-zone start).

describe('an alert saved with the start the controller chose', () => {
  let t: TestApp;
  let controller: HttpClient;

  beforeAll(async () => {
    t = await startTestApp({ trpc: true });
    await storePeninsulaLine(t.deps);
    controller = await t.clientWithRoles(['view', 'edit'], 'controller');
  });
  afterAll(() => t?.close());

  const save = (start: number, chosenStart?: object) =>
    controller.trpc('mutation', 'feed.saveAlert', {
      entity: {
        alert: {
          impactPeriod: [{ start, end: start + 7200 }],
          informedEntity: [{ routeId: 'LOC' }],
          headerText: { translation: [{ text: 'Local: lift out of order at Gilroy', language: 'en' }] },
        },
      },
      baseRevision: 0,
      ...(chosenStart ? { chosenStart } : {}),
    });
  const alerts = async () =>
    ((await (await controller.get('/feed/alerts?format=json')).json()) as { entity?: unknown[] }).entity ??
    [];
  const seconds = (at: Date) => at.getTime() / 1000;

  it('refuses a start read in another zone or outside the chosen minute, with a sentence, and saves nothing', async () => {
    // 07:30 chosen in Los Angeles, but the start sent is 07:30 in Tokyo (the browser's zone).
    const tokyo = seconds(new Date('2025-09-23T07:30:00+09:00'));
    const wrong = await save(tokyo, { wallClock: '2025-09-23T07:30', zone: PENINSULA_ZONE });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.message).toBe(
      "The alert's impact would start at 2025-09-22 15:30 in America/Los_Angeles, not at 2025-09-23 07:30 as chosen; choose the start again and save.",
    );
    // The editor read its times in Johannesburg (a fallback zone): refused whatever the start.
    const fallback = await save(seconds(pdt('07:30')), {
      wallClock: '2025-09-23T07:30',
      zone: 'Africa/Johannesburg',
    });
    expect(fallback.status).toBe(422);
    expect(fallback.body.error.message).toBe(
      "The start was chosen in Africa/Johannesburg, but the schedule's times are in America/Los_Angeles; reload the alert editor and choose the start again.",
    );
    const hostile = await save(seconds(pdt('07:30')), { wallClock: "2025-09-23T07:30'; drop", zone: 'x' });
    expect(hostile.status).toBe(400);
    expect(await alerts()).toEqual([]);
  });

  it('saves a start within the chosen minute, and a save without the editor’s fields as before', async () => {
    const ok = await save(seconds(pdt('07:30')) + 59, {
      wallClock: '2025-09-23T07:30',
      zone: PENINSULA_ZONE,
    });
    expect(ok.status).toBe(200);
    const other = await save(seconds(pdt('09:00')));
    expect(other.status).toBe(200);
    expect(await alerts()).toHaveLength(2);
  });
});
