import { Worker } from 'node:worker_threads';
import type { SiriRequest } from './make-siri-delivery.ts';

const bootstrap = new URL('../workers/ts-worker.mjs', import.meta.url);
const entry = new URL('./siri-worker.ts', import.meta.url).href;

/** A delivery's four forms: XML and JSON, each plain and gzipped. */
export type SiriForms = { xml: Buffer; json: Buffer; xmlGzip: Buffer; jsonGzip: Buffer };
const FORMS = ['xml', 'json', 'xmlGzip', 'jsonGzip'] as const;
type Reply = { id: number; error?: string } & Partial<Record<(typeof FORMS)[number], Uint8Array>>;

/**
 * The thread that makes SIRI deliveries (siri-worker.ts): xmlbuilder2 takes about 15 µs an
 * element, so a delivery of hundreds of trains is seconds of work, which must never hold the event
 * loop serving the feeds. Started on the first delivery asked for; a thread that died is started
 * again by the next one (what was asked of it is refused, and the last delivery stays served).
 */
export class SiriThread {
  private worker: Worker | undefined;
  private next = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (made: SiriForms) => void; reject: (error: Error) => void }
  >();

  make(request: SiriRequest): Promise<SiriForms> {
    const worker = this.started();
    const id = ++this.next;
    return new Promise<SiriForms>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, request });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(bootstrap, { workerData: { entry } });
    // Serving never waits for it to end: the process may exit while it is idle.
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiting = this.waiting.get(reply.id);
      if (!waiting) return;
      this.waiting.delete(reply.id);
      if (reply.error !== undefined || FORMS.some((form) => !reply[form])) {
        waiting.reject(new Error(reply.error ?? 'The SIRI thread answered nothing.'));
        return;
      }
      const buffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      waiting.resolve({
        xml: buffer(reply.xml!),
        json: buffer(reply.json!),
        xmlGzip: buffer(reply.xmlGzip!),
        jsonGzip: buffer(reply.jsonGzip!),
      });
    });
    const failed = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiting of this.waiting.values()) waiting.reject(error);
      this.waiting.clear();
    };
    worker.on('error', failed);
    worker.on('exit', (code) => failed(new Error(`The SIRI thread stopped (exit code ${code}).`)));
    this.worker = worker;
    return worker;
  }
}
