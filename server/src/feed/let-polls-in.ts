import { setImmediate } from 'node:timers/promises';

/** Entities checked between two turns of the event loop (a few milliseconds of work). */
const EVERY = 20;

/**
 * Lets the feed's polls in every few entities of a long loop of checks: awaiting a resolved
 * promise does not, and a bulk push of 60 000 trains held the event loop for seconds.
 */
export async function letPollsIn(index: number): Promise<void> {
  if (index % EVERY === EVERY - 1) await setImmediate();
}
