/**
 * `npm start` and `npm run gateway` run the process as a child of scripts/run.mjs, joined to it by
 * an IPC channel that closes when the launcher ends, even by SIGKILL. The process then shuts down
 * as on SIGTERM (its embedded PostgreSQL stopped cleanly) instead of serving on, orphaned, with
 * its database (docs/operations.md "Faults the product survives"). Started otherwise (node
 * directly, a container's entry point) there is no channel and nothing to watch.
 *
 * Returns where to hand the shutdown once it exists: a launcher gone during the start is acted on
 * then.
 */
export function watchLauncher(): (shutdown: () => void) => void {
  let gone = false;
  let act: (() => void) | undefined;
  if (process.channel) {
    // The channel alone never keeps the process running.
    process.channel.unref();
    process.once('disconnect', () => {
      gone = true;
      act?.();
    });
  }
  return (shutdown) => {
    act = shutdown;
    if (gone) shutdown();
  };
}
