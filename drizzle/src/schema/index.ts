export * from './alert-templates.ts';
export * from './auth.ts';
export * from './disruptions.ts';
export * from './feed.ts';
export * from './jobs.ts';
export * from './schedule.ts';
export * from './tokens.ts';
export * from './trip-update-alerts.ts';
