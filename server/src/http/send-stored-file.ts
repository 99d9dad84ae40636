import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import type { Deps } from '../deps.ts';
import type { StoredFile } from '../files/get-file.ts';
import { readStoredFile } from '../files/read-file.ts';

export type SendStoredFileOptions = {
  /** Cache-Control of the answer (a 304 too). */
  cacheControl: string;
  /** Sent as an attachment under this name; shown in the browser when absent. */
  attachment?: string;
};

/**
 * Answers a GET (or HEAD) with a stored file, the one way every download goes out (docs/rest-api.md,
 * "The third release": downloads are streamed). ETag (the SHA-256 kept with the file),
 * Last-Modified and Content-Length come from its metadata, so a conditional GET that matches
 * gets 304 without a byte of the file read, and a HEAD reads none either; a 200 streams the
 * file a chunk at a time as the client takes it (read-file.ts).
 */
export function sendStoredFile(
  deps: Pick<Deps, 'db'>,
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredFile,
  options: SendStoredFileOptions,
): FastifyReply {
  const etag = `"${file.sha256}"`;
  // HTTP dates have whole seconds: the stored instant is cut to them so If-Modified-Since matches.
  const lastModified = new Date(Math.floor(file.createdAt.getTime() / 1000) * 1000).toUTCString();
  reply
    .header('etag', etag)
    .header('last-modified', lastModified)
    .header('cache-control', options.cacheControl);
  // Only the validators: `fresh` also answers "stale" to a request's Cache-Control: no-cache, a
  // directive for caches that fetch() adds to every conditional request; the origin answers 304
  // to a match whatever it says, as the feeds do.
  const { 'if-none-match': ifNoneMatch, 'if-modified-since': ifModifiedSince } = request.headers;
  if (
    fresh(
      { 'if-none-match': ifNoneMatch, 'if-modified-since': ifModifiedSince },
      { etag, 'last-modified': lastModified },
    )
  )
    return reply.status(304).send();
  if (options.attachment) reply.header('content-disposition', `attachment; filename="${options.attachment}"`);
  reply.type(file.contentType).header('content-length', String(file.size));
  // Fastify drains a HEAD's stream to throw it away: an empty one keeps the file unread.
  const body = request.method === 'HEAD' ? Readable.from([]) : readStoredFile(deps, file);
  return reply.send(body);
}
