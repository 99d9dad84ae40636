import { randomUUID } from 'node:crypto';
import type { Database } from '@feeddesk/drizzle';

/** Channels every process listens to; payloads are small strings (ids), the data stays in tables. */
export const CHANNELS = [
  'job_message',
  'feed_changed',
  'schedule_changed',
  'files_changed',
  'session_ended',
  // Sent by the webhook outbox triggers of migration 0030 (no origin: every process hears it).
  'webhook_queued',
] as const;
export type Channel = (typeof CHANNELS)[number];

/** Told of one event; what it returns (a promise) the publisher of this process waits for. */
export type BusListener = (payload: string) => unknown;

/** How long the channels' listens after a reconnect are gathered into one resume. */
const RESUME_GATHER_MS = 100;

/**
 * Process-wide fan-out of PostgreSQL NOTIFY: one LISTEN per channel per process, then local
 * listeners. A process hears its own events at once and waits for what its listeners do with
 * them (a read right after a save sees it: the feed was re-read before the save answered; the
 * NOTIFY echo arrives later) and drops their echo; other processes get them by NOTIFY.
 */
export class Bus {
  private readonly listeners = new Map<Channel, Set<BusListener>>();
  private readonly resumeListeners = new Set<() => unknown>();
  private resumeTimer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>)[] = [];
  /** Tags this process's notifications, to tell their echo apart. */
  private readonly origin = randomUUID();

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    for (const channel of CHANNELS) {
      let listened = false;
      this.unlisten.push(
        await this.database.listen(
          channel,
          (message) => {
            const cut = message.indexOf(' ');
            if (message.slice(0, cut) !== this.origin) void this.deliver(channel, message.slice(cut + 1));
          },
          () => {
            if (listened) this.resumed();
            listened = true;
          },
        ),
      );
    }
  }

  async stop(): Promise<void> {
    clearTimeout(this.resumeTimer);
    await Promise.allSettled(this.unlisten.map((u) => u()));
    this.unlisten = [];
  }

  /**
   * Called when the listening connection is back after it was lost (the database restarted, the
   * connection was cut): what other processes announced meanwhile was never heard, so whoever
   * follows a channel reads its state again.
   */
  onResume(listener: () => unknown): () => void {
    this.resumeListeners.add(listener);
    return () => this.resumeListeners.delete(listener);
  }

  /** Tells this process's listeners (and waits for them) and the other processes. */
  async publish(channel: Channel, payload: string): Promise<void> {
    await Promise.all([
      this.deliver(channel, payload),
      this.database.notify(channel, `${this.origin} ${payload}`),
    ]);
  }

  on(channel: Channel, listener: BusListener): () => void {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  /** One resume for the channels listened to again together. */
  private resumed(): void {
    clearTimeout(this.resumeTimer);
    this.resumeTimer = setTimeout(() => {
      for (const listener of [...this.resumeListeners]) {
        try {
          const result = listener();
          if (result instanceof Promise) result.catch(() => {});
        } catch {
          // As in deliver.
        }
      }
    }, RESUME_GATHER_MS);
    this.resumeTimer.unref();
  }

  /** A listener's failure is its own (it logs or retries): the event still reaches the others. */
  private async deliver(channel: Channel, payload: string): Promise<void> {
    const pending: Promise<unknown>[] = [];
    for (const listener of [...(this.listeners.get(channel) ?? [])]) {
      try {
        const result = listener(payload);
        if (result instanceof Promise) pending.push(result.catch(() => {}));
      } catch {
        // As above.
      }
    }
    await Promise.all(pending);
  }
}
