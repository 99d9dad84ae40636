import { encodeFeedMessage } from '@feeddesk/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The largest bulk push the 1 MB body limit lets through: 62 500 trains, each its own trip id.
 * Every per-message lookup (the runs' updates, the schedule) names them all at once; PostgreSQL
 * takes at most 65 535 parameters in one statement.
 */
describe('a bulk push as large as the body limit allows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({});
  });
  afterAll(() => t?.close());

  it('answers every entity with its refusal and keeps serving the feed meanwhile', async () => {
    const editor = await t.clientWithRoles(['edit'], 'cad');
    const count = 62_500;
    const entity = Array.from({ length: count }, (_, i) => ({
      id: i.toString(36),
      tripUpdate: { trip: { tripId: i.toString(36) } },
    }));
    const body = Buffer.from(
      encodeFeedMessage({
        header: { gtfsRealtimeVersion: '2.0', timestamp: Math.floor(Date.now() / 1000) },
        entity,
      }),
    );
    expect(body.length).toBeLessThan(1024 * 1024);
    let polls = 0;
    let pushing = true;
    const poller = (async () => {
      while (pushing) {
        const res = await fetch(`${t.url}/feed/updates`);
        await res.arrayBuffer();
        if (res.status === 200) polls++;
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const res = await editor.fetch('/feed/trip_updates', {
      method: 'POST',
      headers: { 'content-type': 'application/x-protobuf' },
      body,
    });
    pushing = false;
    await poller;
    expect(res.status).toBe(200);
    const answer = (await res.json()) as {
      saved: number;
      rejected: { id: string; notices: { code: string }[] }[];
    };
    expect(answer.saved).toBe(0);
    expect(answer.rejected).toHaveLength(count);
    expect(answer.rejected[0]!.notices[0]!.code).toBe('E041');
    // The feed was served while the push was checked (it lets the polls in every few entities).
    expect(polls).toBeGreaterThan(0);
  }, 120_000);
});
