import { type FeedLogRow, feedLog } from '@feeddesk/drizzle';
import { and, asc, count, gt, gte, isNull, lt, type SQL } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { isAnyOf } from '../schedule/statement-batches.ts';

export type ReadFeedLogOptions = { from: Date | null; to: Date | null; pageSize?: number };

/**
 * The trip update and alert log of the period, oldest first, in pages (keyset on id), so a long
 * history never sits in memory at once.
 */
export async function* readFeedLog(
  deps: Pick<Deps, 'db'>,
  options: ReadFeedLogOptions,
): AsyncGenerator<FeedLogRow[]> {
  const pageSize = options.pageSize ?? 2000;
  let lastId = 0;
  for (;;) {
    const where = [gt(feedLog.id, lastId), ...periodWhere(options)];
    const page = await deps.db
      .select()
      .from(feedLog)
      .where(and(...where))
      .orderBy(asc(feedLog.id))
      .limit(pageSize);
    if (page.length === 0) return;
    yield page;
    if (page.length < pageSize) return;
    lastId = page[page.length - 1]!.id;
  }
}

/** How many rows readFeedLog will give for the period (the total of a summary's progress). */
export async function countFeedLog(deps: Pick<Deps, 'db'>, options: ReadFeedLogOptions): Promise<number> {
  const [row] = await deps.db
    .select({ n: count() })
    .from(feedLog)
    .where(and(...periodWhere(options)));
  return row?.n ?? 0;
}

function periodWhere(options: ReadFeedLogOptions): SQL[] {
  // Rows erased by deleteFromLog stay in the audit trail but are no longer history.
  const where: SQL[] = [isAnyOf(feedLog.kind, ['trip_update', 'alert']), isNull(feedLog.erasedAt)];
  if (options.from) where.push(gte(feedLog.at, options.from));
  if (options.to) where.push(lt(feedLog.at, options.to));
  return where;
}
