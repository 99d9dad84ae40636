import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps, UploadSlots as UploadSlotsType } from '../deps.ts';
import { AppError } from '../errors.ts';
import { requestPrincipal } from './request-principal.ts';

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

/** Each principal's upload held past its request, by job id (named by the refusal of the next). */
const uploadJobs = new Map<string, Set<string>>();
const heldUploads = new WeakMap<FastifyRequest, { principal: string; release: () => void; kept: boolean }>();

/**
 * onRequest hook of an upload route, after its role check: takes one of the caller's
 * UPLOADS_PER_PRINCIPAL before a byte of the body is read. Each upload holds its file in memory
 * until its load ends (loads run one at a time), so one principal queueing uploads would grow the
 * process's memory without bound (docs/rest-api.md "Quotas of a principal"). Given back when the
 * request ends without a job, else when its job ends (keepUploadQuotaUntil).
 */
export function takeUploadQuota(deps: AppDeps) {
  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    const principal = requestPrincipal(request);
    if (!principal) return done();
    const max = deps.config.UPLOADS_PER_PRINCIPAL;
    try {
      const release = deps.quotas.take('uploads_per_principal', principal, max, () => {
        const jobs = [...(uploadJobs.get(principal) ?? [])];
        const which =
          jobs.length > 0
            ? `Your upload ${jobs.join(', ')} is still being loaded`
            : 'Your earlier upload is still being received';
        return deps.quotas.refusal(
          'uploads_per_principal',
          'too_many_uploads',
          `${which} (UPLOADS_PER_PRINCIPAL: ${max} at once); wait until it is done (the Upload screen, or its job over /ws, follows it), then upload again.`,
        );
      });
      const held = { principal, release, kept: false };
      heldUploads.set(request, held);
      reply.raw.once('close', () => {
        if (!held.kept) release();
      });
      done();
    } catch (error) {
      done(error as Error);
    }
  };
}

/**
 * The upload quota this request took is held past its answer, until its job's load ends, whether
 * it succeeds or fails: `ended` gives it back (call it too when no job could be started);
 * `started` names the job, for the refusal of the next upload.
 */
export function keepUploadQuota(request: FastifyRequest): { started(jobId: string): void; ended(): void } {
  const held = heldUploads.get(request);
  if (!held) return { started() {}, ended() {} };
  held.kept = true;
  let jobId: string | undefined;
  let over = false;
  return {
    started(id) {
      if (over) return;
      jobId = id;
      const jobs = uploadJobs.get(held.principal) ?? new Set<string>();
      jobs.add(id);
      uploadJobs.set(held.principal, jobs);
    },
    ended() {
      if (over) return;
      over = true;
      const jobs = uploadJobs.get(held.principal);
      if (jobs && jobId) {
        jobs.delete(jobId);
        if (jobs.size === 0) uploadJobs.delete(held.principal);
      }
      held.release();
    },
  };
}
