import type { ConsistencyContext } from './context.ts';

/** 'error': riders read something the trains contradict; 'warning': likely wrong; 'info': worth a look. */
export type FindingSeverity = 'error' | 'warning' | 'info';

/** One finding of GET /feed/consistency (docs/contract-notes.md "Consistency findings"). */
export type Finding = {
  code: string;
  severity: FindingSeverity;
  /** The live feed entities involved (trip updates and alerts), the one to fix first. */
  entityIds: string[];
  /** A sentence saying what is inconsistent and how to fix it. */
  message: string;
  /**
   * The trains (runs) the alert no longer tells the truth about: an act that changed one of them
   * drops it from the alert, in the same act (keep-feed-invariants.ts). Not served.
   */
  outlived?: { tripId: string; startDate: string }[];
};

export type ConsistencyRule = {
  code: string;
  severity: FindingSeverity;
  /**
   * A feed invariant (docs/contract-notes.md "Consistency findings"): what a served feed must never break. A change that adds an
   * error-level finding of one is refused (keep-feed-invariants.ts); other rules only report.
   */
  invariant?: boolean;
  check(ctx: ConsistencyContext): Finding[];
};

/** Binds a rule's code and severity, so a rule only says which entities and what. */
export function finder(code: string, severity: FindingSeverity) {
  return (entityIds: string[], message: string): Finding => ({ code, severity, entityIds, message });
}
