import type { Difference } from './components/conflict-compare.tsx';
import { type StopRow, totalDelays } from './trip-entity.ts';

export type TripEdit = { cancelled: boolean; rows: StopRow[] };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The controller's entries on top of a colleague's later version of the same train: each stop the controller changed since opening keeps their entry, every other stop
 * takes the colleague's; so does the cancellation.
 */
export function mergeTripEdits(original: TripEdit, mine: TripEdit, theirs: TripEdit): TripEdit {
  return {
    cancelled: mine.cancelled !== original.cancelled ? mine.cancelled : theirs.cancelled,
    rows: theirs.rows.map((row, i) => {
      const mineRow = mine.rows[i];
      const before = original.rows[i];
      return mineRow && before && !same(mineRow, before) ? mineRow : row;
    }),
  };
}

/** What riders are told at each stop, in words: the comparison's cells. */
function stopStates(edit: TripEdit): string[] {
  const totals = totalDelays(edit.rows);
  return edit.rows.map((row, i) => {
    if (row.skip) return 'skipped';
    const parts = [
      row.onTime ? 'on time' : totals[i] ? `${totals[i]! > 0 ? '+' : ''}${totals[i]} min` : '',
      row.dwell.trim() && Number(row.dwell) !== 0 ? `stands ${row.dwell} min longer` : '',
      row.platform ? `calls at ${row.platform}` : '',
    ].filter(Boolean);
    return parts.join(', ') || 'as scheduled';
  });
}

/** The stops (and the cancellation) where the colleague's version and the controller's differ. */
export function tripDifferences(mine: TripEdit, theirs: TripEdit): Difference[] {
  const rows: Difference[] = [];
  if (mine.cancelled !== theirs.cancelled)
    rows.push({
      field: 'Whole trip',
      theirs: theirs.cancelled ? 'cancelled' : 'runs',
      mine: mine.cancelled ? 'cancelled' : 'runs',
    });
  const [t, m] = [stopStates(theirs), stopStates(mine)];
  theirs.rows.forEach((row, i) => {
    if (t[i] !== m[i]) rows.push({ field: row.stopName, theirs: t[i]!, mine: m[i] ?? '' });
  });
  return rows;
}
