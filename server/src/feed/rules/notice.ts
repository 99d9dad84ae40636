import type { FeedEntity, FeedHeader } from '@feeddesk/proto';
import type { Notice, NoticeSpec, Severity } from '../../gtfs/index.ts';
import type { FeedRuleContext } from './context.ts';

export type { Severity } from '../../gtfs/index.ts';

/**
 * A feed rule's notice: the product's one notice type, located in an entity. `value` is the
 * offending value; further fields (a trip id, a previous stop_sequence) are what its sentence says.
 */
export type FeedNotice = Notice & {
  entityId: string;
  /** Path in the entity, e.g. 'trip_update.stop_time_update[3].stop_sequence'. */
  field: string;
  value?: unknown;
  stopSequence?: number;
  stopId?: string;
};

/** A rule module: its code's spec (severity, description, sentence) and checks that never throw. */
export type FeedRule = NoticeSpec<FeedNotice> & {
  check(entity: FeedEntity, ctx: FeedRuleContext): FeedNotice[];
  /** Rules that also apply to the feed header (E001, E050). */
  checkHeader?(header: FeedHeader, ctx: FeedRuleContext): FeedNotice[];
};

type Extra = Omit<FeedNotice, 'code' | 'severity' | 'entityId' | 'field'>;
export type Report = (field: string, extra?: Extra) => FeedNotice;

/** Binds a rule's code and severity to one entity, so a rule only says where and what. */
export function reporter(code: string, severity: Severity, entityId: string | null | undefined): Report {
  return (field, extra = {}) => ({ code, severity, entityId: entityId ?? '', field, ...extra });
}
