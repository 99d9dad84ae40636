import { feedLog } from '@feeddesk/drizzle';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import type { FeedKind } from './feed-kind.ts';

export type HistoryEntry = {
  id: number;
  at: string;
  by: string | null;
  /** save | delete | restore */
  action: string;
  /** What this save changed against the one before: 'path: before → after', one per field. */
  changes: string[];
};

/** Who changed an entity, when and what, oldest first, from the history log (less what deleteFromLog erased). */
export async function listFeedEntityHistory(
  deps: Deps,
  options: { kind: FeedKind; id: string },
): Promise<HistoryEntry[]> {
  const rows = await deps.db
    .select()
    .from(feedLog)
    .where(and(eq(feedLog.kind, options.kind), eq(feedLog.entityId, options.id), isNull(feedLog.erasedAt)))
    .orderBy(asc(feedLog.at), asc(feedLog.id));
  let before = new Map<string, string>();
  return rows.map((row) => {
    if (row.json === null) {
      before = new Map();
      return { id: row.id, at: row.at.toISOString(), by: row.by, action: row.action, changes: [] };
    }
    const after = flatten(row.json);
    const entry = {
      id: row.id,
      at: row.at.toISOString(),
      by: row.by,
      action: row.action,
      changes: diff(before, after),
    };
    before = after;
    return entry;
  });
}

function diff(before: Map<string, string>, after: Map<string, string>): string[] {
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort();
  return paths
    .filter((p) => before.get(p) !== after.get(p) && !p.endsWith('.timestamp'))
    .map((p) => `${p}: ${before.get(p) ?? '—'} → ${after.get(p) ?? '—'}`);
}

/** 'tripUpdate.stopTimeUpdate[2].arrival.delay' → '300' for every leaf of the JSON. */
function flatten(value: unknown, path = '', out = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) flatten(v, `${path}[${i}]`, out);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) flatten(v, path ? `${path}.${key}` : key, out);
  } else out.set(path, String(value));
  return out;
}
