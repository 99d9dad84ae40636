import { postEntity } from '../../support/feed.ts';
import type { HttpClient } from '../../support/http-client.ts';
import { type BenchTrip, benchTripUpdate } from './feed-app.ts';

/**
 * Editors saving trip updates through POST /feed/trip_update back to back, each on its own 50
 * entities (those of the bench feed, by their ids: one update per train run). A failure is a 5xx or a lost connection: once an uploaded schedule is current it no
 * longer has the demo trips, and the feed rules refuse their saves (422), which is right and
 * counted apart.
 */
export function startEditors(editors: HttpClient[], trips: BenchTrip[], pauseMs = 0) {
  let stopping = false;
  const times: number[] = [];
  const failures: string[] = [];
  let ok = 0;
  let refused = 0;
  const loops = editors.map(async (editor, e) => {
    for (let k = 0; !stopping; k++) {
      const entity = benchTripUpdate(trips, e * 50 + (k % 50), 60 + (k % 40) * 15);
      if (pauseMs > 0 && k > 0) await new Promise((r) => setTimeout(r, pauseMs));
      const t = performance.now();
      try {
        const res = await postEntity(editor, '/feed/trip_update', entity);
        const body = await res.text();
        times.push(performance.now() - t);
        if (res.status === 200) ok++;
        else if (res.status === 422) refused++;
        else failures.push(`${res.status} ${body.slice(0, 200)}`);
      } catch (error) {
        failures.push((error as Error).message);
      }
    }
  });
  return {
    async stop() {
      stopping = true;
      await Promise.all(loops);
      return { ok, refused, failed: failures.length, failures, times: times.sort((a, b) => a - b) };
    },
  };
}
