import { sql } from 'drizzle-orm';
import type { Tx } from '../deps.ts';

/** Applies and lifts run one at a time, so each reads the trips' updates as the previous one left them. */
const DISRUPTION_LOCK = 1_207_312;

/** Waits for the applies and lifts in progress; held until the caller's transaction ends. */
export async function lockDisruptions(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${DISRUPTION_LOCK})`);
}
