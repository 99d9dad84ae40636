import { parentPort } from 'node:worker_threads';
import { makeSiriDelivery, type SiriRequest } from './make-siri-delivery.ts';

/** The SIRI thread (siri-thread.ts): makes each delivery asked for, hands its bytes back (transferred). */
parentPort!.on('message', ({ id, request }: { id: number; request: SiriRequest }) => {
  try {
    const { xml, json } = makeSiriDelivery(request);
    // Encoded into buffers of their own (never Node's shared pool), so they can be transferred.
    const xmlBytes = new TextEncoder().encode(xml);
    const jsonBytes = new TextEncoder().encode(json);
    parentPort!.postMessage({ id, xml: xmlBytes, json: jsonBytes }, [xmlBytes.buffer, jsonBytes.buffer]);
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
