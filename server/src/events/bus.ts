import { randomUUID } from 'node:crypto';
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
 * listeners. A process hears its own events at once (a read right after a save sees it: the
 * NOTIFY echo arrives later, after the answer) and drops their echo; other processes get them by NOTIFY.
 */
export class Bus {
  private readonly emitter = new EventEmitter();
  private unlisten: (() => Promise<void>)[] = [];
  /** Tags this process's notifications, to tell their echo apart. */
  private readonly origin = randomUUID();

  constructor(private readonly database: Database) {
    this.emitter.setMaxListeners(0);
  }

  async start(): Promise<void> {
    for (const channel of CHANNELS) {
      this.unlisten.push(
        await this.database.listen(channel, (message) => {
          const cut = message.indexOf(' ');
          if (message.slice(0, cut) !== this.origin) this.emitter.emit(channel, message.slice(cut + 1));
        }),
      );
    }
  }

  async stop(): Promise<void> {
    await Promise.allSettled(this.unlisten.map((u) => u()));
    this.unlisten = [];
  }

  async publish(channel: Channel, payload: string): Promise<void> {
    this.emitter.emit(channel, payload);
    await this.database.notify(channel, `${this.origin} ${payload}`);
  }

  on(channel: Channel, listener: (payload: string) => void): () => void {
    this.emitter.on(channel, listener);
    return () => this.emitter.off(channel, listener);
  }
}
