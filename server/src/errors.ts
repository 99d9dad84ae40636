/**
 * One error type for every domain service. `code` is stable once shipped (never reused);
 * `message` is a sentence a person reads that says what to fix. The edges (gateway, tRPC)
 * translate it once, through the table below.
 */
export const errorCatalogue = {
  // input
  bad_request: { status: 400, title: 'Bad request' },
  validation_failed: { status: 400, title: 'Invalid input' },
  upload_missing: { status: 400, title: 'No file' },
  // auth
  not_logged_in: { status: 401, title: 'Not logged in' },
  invalid_credentials: { status: 401, title: 'Login failed' },
  metrics_token_invalid: { status: 401, title: 'Metrics token needed' },
  forbidden: { status: 403, title: 'Forbidden' },
  csrf_invalid: { status: 403, title: 'Invalid CSRF token' },
  too_many_attempts: { status: 429, title: 'Too many attempts' },
  local_login_off: { status: 403, title: 'Local accounts are off' },
  sign_in_provider_unreachable: { status: 503, title: 'Sign-in provider unreachable' },
  // API tokens
  token_invalid: { status: 401, title: 'Invalid API token' },
  too_many_requests: { status: 429, title: 'Too many requests' },
  token_not_found: { status: 404, title: 'Unknown API token' },
  token_name_taken: { status: 409, title: 'Token name taken' },
  // users
  user_not_found: { status: 404, title: 'Unknown user' },
  username_taken: { status: 409, title: 'Username taken' },
  cannot_delete_self: { status: 409, title: 'Cannot delete yourself' },
  last_admin: { status: 409, title: 'Last administrator' },
  // generic
  not_found: { status: 404, title: 'Not found' },
  conflict: { status: 409, title: 'Conflict' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  payload_too_large: { status: 413, title: 'Too large' },
  unsupported_media_type: { status: 415, title: 'Wrong content type' },
  too_many_uploads: { status: 429, title: 'Too many uploads' },
  // quotas of a principal (docs/rest-api.md "Quotas of a principal")
  too_many_subscriptions: { status: 429, title: 'Too many subscriptions' },
  too_many_websockets: { status: 429, title: 'Too many live connections' },
  too_many_vehicle_positions: { status: 429, title: 'Too many vehicle positions' },
  too_many_entities: { status: 413, title: 'Too many entities' },
  alert_too_large: { status: 413, title: 'Alert too large' },
  formation_too_large: { status: 413, title: 'Formation too large' },
  too_many_formations: { status: 429, title: 'Too many formations' },
  too_many_webhooks: { status: 429, title: 'Too many webhooks' },
  // feed
  feed_decode_failed: { status: 400, title: 'Could not decode feed entity' },
  feed_rules_failed: { status: 422, title: 'Entity fails the feed rules' },
  alert_start_not_chosen: { status: 422, title: 'Start not as chosen' },
  entity_not_found: { status: 404, title: 'Unknown entity' },
  entity_changed: { status: 409, title: 'Changed by someone else' },
  undo_expired: { status: 409, title: 'Too late to undo' },
  alert_already_published: { status: 409, title: 'Alert already published' },
  // webhooks
  webhook_not_found: { status: 404, title: 'Unknown webhook' },
  // two-person approval and publication times
  pending_not_found: { status: 404, title: 'Unknown pending item' },
  pending_decided: { status: 409, title: 'Already decided' },
  own_approval: { status: 403, title: 'Approved by its author' },
  too_many_pending: { status: 429, title: 'Too many pending items' },
  too_many_summaries: { status: 429, title: 'Too many summaries at once' },
  too_many_previews: { status: 429, title: 'Too many previews at once' },
  // schedule
  no_schedule: { status: 404, title: 'No schedule loaded' },
  trip_not_found: { status: 404, title: 'Unknown trip' },
  schedule_version_not_found: { status: 404, title: 'Unknown schedule version' },
  schedule_version_pruned: { status: 409, title: 'Schedule version no longer kept' },
  schedule_version_current: { status: 409, title: 'Already the current schedule' },
  schedule_load_under_way: { status: 409, title: 'A schedule is loading' },
  // jobs and files
  job_not_found: { status: 404, title: 'Unknown job' },
  file_not_found: { status: 404, title: 'Unknown file' },
  // formations
  formation_not_found: { status: 404, title: 'Unknown formation' },
  // disruptions
  disruption_not_found: { status: 404, title: 'Unknown disruption' },
  // alert templates
  alert_template_not_found: { status: 404, title: 'Unknown alert template' },
  alert_template_name_taken: { status: 409, title: 'Template name taken' },
  // operator settings
  languages_in_use: { status: 409, title: 'Languages in use' },
  // delay causes
  unknown_cause: { status: 400, title: 'Unknown cause' },
  // summaries
  summary_not_found: { status: 404, title: 'Unknown summary' },
  subscriptions_off: { status: 404, title: 'E-mail subscriptions are off' },
  subscription_link_invalid: { status: 404, title: 'Unknown or expired link' },
  too_many_signups: { status: 429, title: 'Too many subscription requests' },
  internal: { status: 500, title: 'Internal error' },
  database_unreachable: { status: 503, title: 'Database unreachable' },
  disk_full: { status: 503, title: 'Disk full' },
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

export class AppError extends Error {
  readonly code: ErrorCode;
  /** Extra data for the client, e.g. the list of rule notices of a refused entity. */
  readonly details?: unknown;

  constructor(code: ErrorCode, options: { message: string; details?: unknown; cause?: unknown }) {
    super(options.message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.details = options.details;
  }

  get status(): number {
    return errorCatalogue[this.code].status;
  }

  get title(): string {
    return errorCatalogue[this.code].title;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export type ErrorLike = { code?: unknown; message?: unknown; syscall?: unknown; cause?: unknown };

/** The error and the errors it wraps (drizzle wraps the driver's as its `cause`), at most `depth`. */
export function* errorAndCauses(error: unknown, depth = 5): Generator<ErrorLike> {
  let e = error as ErrorLike | undefined;
  for (let i = 0; e && typeof e === 'object' && i < depth; i++, e = e.cause as ErrorLike | undefined) yield e;
}
