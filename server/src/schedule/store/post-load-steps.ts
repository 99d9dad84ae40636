import type postgres from 'postgres';

/**
 * SQL run over a new version's rows once every COPY of the load is done, in one transaction on the
 * load's own connection and thread, before the rows are analysed and long before the version can
 * become current: what is derived from the whole schedule (e.g. a trip's direction from its
 * route's other trips) is computed where the rows already are, never over the feed in memory.
 * A step that fails fails the load (its rows are deleted, the previous schedule keeps serving).
 * Add a step here; it gets the version id and must touch that version's rows only.
 */
export type PostLoadStep = {
  /** For the load's log and errors. */
  name: string;
  run(tx: postgres.TransactionSql, versionId: number): Promise<unknown>;
};

export const POST_LOAD_STEPS: readonly PostLoadStep[] = [];

export async function runPostLoadSteps(
  connection: postgres.Sql,
  versionId: number,
  steps: readonly PostLoadStep[] = POST_LOAD_STEPS,
): Promise<void> {
  if (steps.length === 0) return;
  await connection.begin(async (tx) => {
    for (const step of steps) {
      try {
        await step.run(tx, versionId);
      } catch (error) {
        throw new Error(
          `The schedule's ${step.name} step failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  });
}
