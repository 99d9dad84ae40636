import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps, UploadSlots as UploadSlotsType } from '../deps.ts';
import { AppError } from '../errors.ts';

/**
 * Uploads being received at once in this process (UPLOADS_AT_ONCE): each holds up to
 * UPLOAD_MAX_MB in memory, so one more is refused (429) before its body is read.
 */
export class UploadSlots implements UploadSlotsType {
  private busy = 0;
  constructor(private readonly max: number) {}

  /** Takes a slot or throws `too_many_uploads`; the returned function frees it (once). */
  take(): () => void {
    if (this.busy >= this.max) {
      throw new AppError('too_many_uploads', {
        message: `${this.max} uploads are being received already. Try again in a minute.`,
      });
    }
    this.busy++;
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      this.busy--;
    };
  }
}

/**
 * onRequest hook of an upload route, after its role check: takes a slot for the request and frees
 * it when the reply ends or the client goes away.
 */
export function takeUploadSlot(deps: AppDeps) {
  return (_request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    try {
      const release = deps.uploads.take();
      reply.raw.once('close', release);
      done();
    } catch (error) {
      done(error as Error);
    }
  };
}
