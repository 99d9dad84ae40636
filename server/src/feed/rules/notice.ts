import type { FeedEntity, FeedHeader } from '@feeddesk/proto';
import type { FeedRuleContext } from './context.ts';

/** 'error' refuses the save (the spec says "must"); 'warning' is shown but does not block ("should"). */
export type Severity = 'error' | 'warning';

export type FeedNotice = {
  code: string;
  severity: Severity;
  entityId: string;
  /** Path in the entity, e.g. 'trip_update.stop_time_update[3].stop_sequence'. */
  field: string;
  value?: unknown;
  /** A sentence saying what is wrong and how to fix it. */
  message: string;
  stopSequence?: number;
  stopId?: string;
};

export type FeedRule = {
  code: string;
  severity: Severity;
  check(entity: FeedEntity, ctx: FeedRuleContext): FeedNotice[];
  /** Rules that also apply to the feed header (E001, E050). */
  checkHeader?(header: FeedHeader, ctx: FeedRuleContext): FeedNotice[];
};

type Extra = Pick<FeedNotice, 'value' | 'stopSequence' | 'stopId'>;
export type Report = (field: string, message: string, extra?: Extra) => FeedNotice;

/** Binds a rule's code and severity to one entity, so a rule only says where and what. */
export function reporter(code: string, severity: Severity, entityId: string | null | undefined): Report {
  return (field, message, extra = {}) => ({
    code,
    severity,
    entityId: entityId ?? '',
    field,
    message,
    ...extra,
  });
}
