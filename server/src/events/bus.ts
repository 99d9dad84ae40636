import { EventEmitter } from 'node:events';
import type { Database } from '@feeddesk/drizzle';

/** Channels every process listens to; payloads are small strings (ids), the data stays in tables. */
export const CHANNELS = [
  'job_message',
  'feed_changed',
  'schedule_changed',
  'files_changed',
  'session_ended',
] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * Process-wide fan-out of PostgreSQL NOTIFY: one LISTEN per channel per process, then local
 * listeners. With PGlite (one process) the same path is used, so behaviour does not fork.
 */
export class Bus {
  private readonly emitter = new EventEmitter();
  private unlisten: (() => Promise<void>)[] = [];

  constructor(private readonly database: Database) {
    this.emitter.setMaxListeners(0);
  }

  async start(): Promise<void> {
    for (const channel of CHANNELS) {
      this.unlisten.push(
        await this.database.listen(channel, (payload) => this.emitter.emit(channel, payload)),
      );
    }
  }

  async stop(): Promise<void> {
    await Promise.allSettled(this.unlisten.map((u) => u()));
    this.unlisten = [];
  }

  publish(channel: Channel, payload: string): Promise<void> {
    return this.database.notify(channel, payload);
  }

  on(channel: Channel, listener: (payload: string) => void): () => void {
    this.emitter.on(channel, listener);
    return () => this.emitter.off(channel, listener);
  }
}
