import { parentPort } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { makeSiriDelivery, type SiriRequest } from './make-siri-delivery.ts';

/** The SIRI thread (siri-thread.ts): makes each delivery asked for, hands its bytes back (transferred). */
parentPort!.on('message', ({ id, request }: { id: number; request: SiriRequest }) => {
  try {
    const { xml, json } = makeSiriDelivery(request);
    // Encoded into buffers of their own (never Node's shared pool), so they can be transferred.
    const xmlBytes = new TextEncoder().encode(xml);
    const jsonBytes = new TextEncoder().encode(json);
    // Gzipped here too: a few MB take tens of milliseconds, which the event loop never spends.
    const forms = {
      xml: xmlBytes,
      json: jsonBytes,
      xmlGzip: own(gzipSync(xmlBytes)),
      jsonGzip: own(gzipSync(jsonBytes)),
    };
    parentPort!.postMessage(
      { id, ...forms },
      Object.values(forms).map((bytes) => bytes.buffer),
    );
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});

/** Bytes in a buffer of their own (zlib's may share a larger one): what a transfer needs. */
function own(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes);
}
