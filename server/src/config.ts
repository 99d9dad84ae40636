import { z } from 'zod';

const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the product reads; docs/configuration.md lists them. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  ADMIN_USERNAME: z.string().min(1).optional(),
  ADMIN_PASSWORD: z.string().min(10, 'ADMIN_PASSWORD must have at least 10 characters.').optional(),
  DEMO_SCHEDULE: boolish.default(true),
  SESSION_DAYS: z.coerce.number().positive().default(30),
  BROWSER_SESSION_HOURS: z.coerce.number().positive().default(12),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  /** Requests one API token may make per minute on one process; one more is answered 429. */
  TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  UPLOAD_MAX_MB: z.coerce.number().positive().default(64),
  /** Uploads being received at once in one process; one more is answered 429. */
  UPLOADS_AT_ONCE: z.coerce.number().int().positive().default(2),
  // A large national feed inflates to ~300 MB (Renfe Cercanías, 1.87 M stop_times: 293 MiB, refused
  // at 256); 512 MB takes it without letting one upload push gigabytes into parsing.
  UNZIPPED_MAX_MB: z.coerce.number().positive().default(512),
  /**
   * JavaScript heap of the thread that reads and validates an upload; by default three times
   * UNZIPPED_MAX_MB, at least 1 024 (five times Renfe, 478 MB unzipped, loads in the default 1 536).
   */
  IMPORT_HEAP_MB: z.coerce.number().int().positive().optional(),
  TRIP_UPDATE_TTL_MINUTES: z.coerce.number().nonnegative().default(60),
  ALERT_TTL_HOURS: z.coerce.number().nonnegative().default(24),
  /** The feed list flags an open-ended alert in effect once it is older than this. */
  ALERT_OPEN_ENDED_WARN_HOURS: z.coerce.number().positive().default(24),
  VEHICLE_POSITION_TTL_MINUTES: z.coerce.number().positive().default(5),
  /** A cancelled train whose next train of the route and direction leaves within this needs no alert. */
  CONSISTENCY_HEADWAY_GAP_MINUTES: z.coerce.number().nonnegative().default(15),
  BLOCK_ON_WARNINGS: boolish.default(false),
  TRUST_PROXY: boolish.default(false),
  /** Secure cookies even when the request came over http (a TLS proxy without TRUST_PROXY). */
  COOKIE_SECURE: boolish.default(false),
  /** Origins (scheme://host[:port], comma-separated) allowed to open websockets besides the Host's own. */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim().replace(/\/$/, '').toLowerCase())
        .filter(Boolean),
    ),
  WEB_DIST: z.string().optional(),
  /** When set, GET /metrics needs `Authorization: Bearer <METRICS_TOKEN>`; unset, it is open (internal networks). */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must have at least 16 characters.').optional(),
  /** How long a scrape's database figures (feeds, consistency, schedule) are reused. */
  METRICS_CACHE_SECONDS: z.coerce.number().nonnegative().default(5),
  /**
   * The operator's zone (IANA): summary names and the days of summaries and the punctuality
   * dashboard are in it whatever schedule is loaded. Unset: the current schedule's agency zone.
   */
  OPERATOR_TIMEZONE: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'OPERATOR_TIMEZONE must be an IANA time zone such as Africa/Johannesburg.')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Period of the summary log lines: the public feeds' polls per path, and the process's vitals. */
  LOG_SUMMARY_SECONDS: z.coerce.number().positive().default(60),
  /** Open connections of one process, websockets included (new ones above it are refused). */
  MAX_CONNECTIONS: z.coerce.number().int().positive().default(8000),
  /** Open connections from one client address (a journey planner, an office behind one NAT). */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().positive().default(256),
  /** Open websockets (/trpc and /ws) of one process, and from one address. */
  MAX_WEBSOCKETS: z.coerce.number().int().positive().default(4000),
  MAX_WEBSOCKETS_PER_ADDRESS: z.coerce.number().int().positive().default(128),
  // Quotas of one principal: a signed-in user (all its sessions) or an API token (docs/rest-api.md
  // "Quotas"). Counted per process, except the live vehicle positions, which are stored.
  /** Open tRPC subscriptions (and /ws job follows) on one websocket. */
  SUBSCRIPTIONS_PER_SOCKET: z.coerce.number().int().positive().default(32),
  /** Open subscriptions of one principal over all its websockets, in one process. */
  SUBSCRIPTIONS_PER_PRINCIPAL: z.coerce.number().int().positive().default(128),
  /** Open websockets (/trpc and /ws) of one principal, in one process. */
  WEBSOCKETS_PER_PRINCIPAL: z.coerce.number().int().positive().default(32),
  /** Live vehicle positions in the positions feed, all producers together (every process). */
  VEHICLE_POSITIONS_MAX: z.coerce.number().int().positive().default(20_000),
  /** Live vehicle positions saved by one principal (an AVL system's token), every process together. */
  VEHICLE_POSITIONS_PER_PRINCIPAL: z.coerce.number().int().positive().default(10_000),
  /** Carriages of one formation (PUT /feed/formations/{tripId}); 413 beyond. */
  FORMATION_MAX_CARRIAGES: z.coerce.number().int().positive().default(40),
  /** New formations one principal may save in 24 hours, every process together; 429 beyond. */
  FORMATIONS_PER_PRINCIPAL_PER_DAY: z.coerce.number().int().positive().default(2_000),
  /** Entities of one bulk push (POST /feed/trip_updates, /feed/vehicle_positions). */
  FEED_PUSH_MAX_ENTITIES: z.coerce.number().int().positive().default(10_000),
  /** Characters of one text of an alert (each translation of its header, description, url…). */
  ALERT_TEXT_MAX_CHARS: z.coerce.number().int().positive().default(10_000),
  /** Translations (languages) of one text of an alert. */
  ALERT_TRANSLATIONS_MAX: z.coerce.number().int().positive().default(20),
  /** Informed entities of one alert. */
  ALERT_INFORMED_ENTITIES_MAX: z.coerce.number().int().positive().default(500),
  /** Alerts one principal may have waiting (pending approval or scheduled), every process together. */
  PENDING_ITEMS_PER_PRINCIPAL: z.coerce.number().int().positive().default(50),
  SUMMARIES_PER_PRINCIPAL: z.coerce.number().int().positive().default(2),
  /**
   * Disruption previews (dry runs) one principal may have running at once in one process: one
   * disruption form runs up to three (its preview or redraft beside its check of the apply).
   */
  PREVIEWS_PER_PRINCIPAL: z.coerce.number().int().positive().default(4),
  /** Schedule uploads one principal may have being received or loaded at once in one process. */
  UPLOADS_PER_PRINCIPAL: z.coerce.number().int().positive().default(1),
  /** How far ahead an alert's publishAt may be, in days. */
  PUBLISH_AT_MAX_DAYS: z.coerce.number().int().positive().default(366),
  /** How often each process looks for scheduled alerts due to enter the feed, in milliseconds. */
  PUBLISH_AT_CHECK_MS: z.coerce.number().int().min(100).default(1000),
  /** Webhooks one admin may add (docs/rest-api.md "Webhooks"); 429 beyond. */
  WEBHOOKS_PER_ADMIN: z.coerce.number().int().positive().default(20),
  /** Milliseconds a webhook receiver has to answer a delivery before it counts as failed and is retried. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Webhook deliveries one process sends at once; the others wait in the database. */
  WEBHOOK_SENDS_AT_ONCE: z.coerce.number().int().positive().max(100).default(4),
  /** How often each process looks for due webhook deliveries (retries, a missed notification), in milliseconds. */
  WEBHOOK_CHECK_MS: z.coerce.number().int().min(100).default(1000),
  /** Seconds a request's headers may take, and a minute's least progress of a body that has not arrived. */
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(30),
  // Single sign-on by OpenID Connect (docs/single-sign-on.md): on when the three OIDC_ISSUER,
  // OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set.
  /** The provider's issuer URL (https; http only on a loopback address, for tests and a local provider). */
  OIDC_ISSUER: z
    .string()
    .url('OIDC_ISSUER must be a URL such as https://login.example.com/realms/rail.')
    .refine(isSafeIssuer, 'OIDC_ISSUER must be https (http is accepted only on 127.0.0.1, ::1 or localhost).')
    .optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The name on the login page's button: "Sign in with <OIDC_NAME>". */
  OIDC_NAME: z.string().min(1).max(60).default('your organisation'),
  /** The claim holding the user's roles or groups; a dotted path reaches a nested one (realm_access.roles). */
  OIDC_ROLES_CLAIM: z.string().min(1).max(200).default('roles'),
  /** The claim naming the user in the desk (audit trail, feed list). */
  OIDC_USERNAME_CLAIM: z.string().min(1).max(200).default('preferred_username'),
  /** Directory values to the desk's roles, `value=role` pairs, comma-separated; unset: values that are role names. */
  OIDC_ROLE_MAP: z.string().max(4000).optional(),
  /** The callback address registered with the provider; unset: this request's own origin + /auth/oidc/callback. */
  OIDC_REDIRECT_URL: z.string().url().optional(),
  /** false: only single sign-on logs in (the login form is hidden and /auth/login answers 403). */
  LOCAL_LOGIN: boolish.default(true),
  // E-mail subscriptions of riders (docs/rest-api.md "E-mail subscriptions"): on when SMTP_URL is set.
  /** The SMTP server mails leave by: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://host:465. */
  SMTP_URL: z
    .string()
    .refine(
      (v) => /^smtps?:\/\/./i.test(v),
      'SMTP_URL must be a URL such as smtp://user:password@mail.example.org:587 or smtps://mail.example.org:465.',
    )
    .optional(),
  /** The sender of riders' mails (an address, or `Name <address>`). */
  MAIL_FROM: z.string().min(3).max(320).default('Service alerts <alerts@localhost>'),
  /** The address riders reach the product at (links in mails); unset: http://HOST:PORT. */
  PUBLIC_URL: z
    .string()
    .url('PUBLIC_URL must be a URL such as https://status.example.org.')
    .transform(withoutTrailingSlashes)
    .optional(),
  /** Subscription requests (POST /subscriptions) one client address may make per hour, per process; 429 beyond. */
  SUBSCRIBE_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(20),
  /** Confirmation mails one address may be sent per hour; 429 beyond. */
  SUBSCRIPTION_CONFIRMATIONS_PER_HOUR: z.coerce.number().int().positive().default(3),
  /** Subscriptions (confirmed or not) of one address; 429 beyond. */
  SUBSCRIPTIONS_PER_ADDRESS: z.coerce.number().int().positive().default(5),
  /** Alert mails one address may be sent per hour; the rest are skipped and counted. */
  SUBSCRIPTION_MAILS_PER_HOUR: z.coerce.number().int().positive().default(20),
});

export type Config = z.infer<typeof envSchema>;

/** The URL without the slashes it ends with (a loop: a pattern like /\/+$/ is quadratic on many slashes). */
function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end--;
  return url.slice(0, end);
}

/** https anywhere; http only on a loopback address (a provider on this machine). */
function isSafeIssuer(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname);
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema
    .superRefine((c, ctx) => {
      const set = [c.OIDC_ISSUER, c.OIDC_CLIENT_ID, c.OIDC_CLIENT_SECRET].filter(Boolean).length;
      if (set !== 0 && set !== 3)
        ctx.addIssue({
          code: 'custom',
          path: ['OIDC_ISSUER'],
          message: 'Single sign-on needs all three of OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET.',
        });
      if (!c.LOCAL_LOGIN && set !== 3)
        ctx.addIssue({
          code: 'custom',
          path: ['LOCAL_LOGIN'],
          message:
            'LOCAL_LOGIN=false needs single sign-on (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET): nobody could log in.',
        });
    })
    .safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
