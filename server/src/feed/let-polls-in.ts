import { setImmediate } from 'node:timers/promises';

/** Entities checked between two turns of the event loop (a few milliseconds of work). */
const EVERY = 20;
/**
 * The longest stretch between two turns: a few large entities (a trip update of hundreds of stop
 * time updates, an alert of 180 KB of text) take more than a few milliseconds each.
 */
const STRETCH_MS = 10;

/** When a long loop last let the polls in (any long loop: they share the event loop). */
let lastTurn = performance.now();

/**
 * Lets the feed's polls in every few entities of a long loop of checks, or sooner once the loop
 * has run STRETCH_MS: awaiting a resolved promise does not, and a bulk push of 60 000 trains held
 * the event loop for seconds.
 */
export async function letPollsIn(index: number): Promise<void> {
  if (index % EVERY === EVERY - 1 || performance.now() - lastTurn >= STRETCH_MS) {
    await setImmediate();
    lastTurn = performance.now();
  }
}
