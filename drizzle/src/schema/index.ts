export * from './audit.ts';
export * from './auth.ts';
export * from './disruptions.ts';
export * from './feed.ts';
export * from './jobs.ts';
export * from './schedule.ts';
