import type { IncomingHttpHeaders } from 'node:http';
import type { FeedSnapshot } from '@feeddesk/server/feed/feed-snapshot';
import { PreparedResponse } from '@feeddesk/server/http/prepared-response';
import { computeSecurityHeaders } from '@feeddesk/server/http/security-headers';

/**
 * docs/rest-api.md "What every feed consumer gets": any web page may read the public feeds and their
 * validators (also on a 304). helmet's Cross-Origin-Resource-Policy same-origin is lifted here only.
 */
export const PUBLIC_FEED_HEADERS = {
  'cache-control': 'no-cache',
  vary: 'accept-encoding',
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'ETag, Last-Modified',
  'cross-origin-resource-policy': 'cross-origin',
};

/** One complete answer to a poll, made once per snapshot and form, then sent to every poller. */
export type FeedAnswer = {
  status: 200 | 304;
  headers: Readonly<Record<string, string>>;
  body: Buffer | undefined;
  /** The same answer as bytes on the wire, for the polls answered before Fastify. */
  prepared: PreparedResponse;
  /** Headers a framework that sets them on every reply must take off this answer (a 304's). */
  omitted: readonly string[];
};

/** One form of a snapshot (protobuf, gzipped protobuf, JSON): its ETag, its 200 and its 304. */
type Form = { etag: string; ok: FeedAnswer; notModified: FeedAnswer };

/**
 * The answers to the polls of the public feeds (docs/rest-api.md: ETag, Last-Modified, 304 on
 * If-None-Match / If-Modified-Since, gzip when accepted, `format=json`), with every header (the
 * security headers, CORS, caching, validators, length) worked out once per snapshot: a poll only
 * picks one. The gzipped and JSON forms are made on first demand, as the snapshot makes their bodies.
 */
export class FeedAnswers {
  private readonly security = computeSecurityHeaders();
  private readonly forms = new WeakMap<FeedSnapshot, { pb?: Form; gzip?: Form; json?: Form }>();

  answer(snapshot: FeedSnapshot, request: IncomingHttpHeaders, json: boolean): FeedAnswer {
    const form = json ? this.jsonForm(snapshot) : this.protobufForm(snapshot, acceptsGzip(request));
    return isNotModified(request, form.etag, snapshot.stamp) ? form.notModified : form.ok;
  }

  private formsOf(snapshot: FeedSnapshot): { pb?: Form; gzip?: Form; json?: Form } {
    let forms = this.forms.get(snapshot);
    if (!forms) {
      forms = {};
      this.forms.set(snapshot, forms);
    }
    return forms;
  }

  /** Both protobuf forms share an ETag (Vary: Accept-Encoding tells caches apart). */
  private protobufForm(snapshot: FeedSnapshot, gzip: boolean): Form {
    const forms = this.formsOf(snapshot);
    const key = gzip ? 'gzip' : 'pb';
    let form = forms[key];
    if (!form) {
      const type = 'application/x-protobuf';
      form = gzip
        ? this.form(snapshot, snapshot.etag, type, snapshot.gzip, 'gzip')
        : this.form(snapshot, snapshot.etag, type, snapshot.bytes);
      forms[key] = form;
    }
    return form;
  }

  private jsonForm(snapshot: FeedSnapshot): Form {
    const forms = this.formsOf(snapshot);
    if (!forms.json) {
      const etag = `${snapshot.etag.slice(0, -1)}-json"`;
      forms.json = this.form(snapshot, etag, 'application/json; charset=utf-8', Buffer.from(snapshot.json));
    }
    return forms.json;
  }

  private form(
    snapshot: FeedSnapshot,
    etag: string,
    contentType: string,
    bytes: Buffer,
    encoding?: 'gzip',
  ): Form {
    const validators = { ...PUBLIC_FEED_HEADERS, etag, 'last-modified': snapshot.lastModified };
    // A 304 carries the validators and CORS headers, no content or security headers (RFC 9110
    // §15.4.5: no metadata beyond what updates the cache; the cache keeps the stored 200's headers,
    // security ones included, and a 304 has no content for them to guard). Most polls end in a
    // 304: it is 7 headers instead of 18.
    const notModified = answer(304, validators, undefined, Object.keys(this.security));
    return {
      etag,
      notModified,
      ok: answer(
        200,
        {
          ...this.security,
          ...validators,
          'content-type': contentType,
          ...(encoding ? { 'content-encoding': encoding } : {}),
          'content-length': String(bytes.length),
        },
        bytes,
      ),
    };
  }
}

function answer(
  status: 200 | 304,
  headers: Record<string, string>,
  body: Buffer | undefined,
  omitted: readonly string[] = [],
): FeedAnswer {
  const prepared = new PreparedResponse(status, Object.entries(headers).flat(), body);
  return { status, headers, body, omitted, prepared };
}

function acceptsGzip(request: IncomingHttpHeaders): boolean {
  const accepted = request['accept-encoding'];
  return accepted !== undefined && /\bgzip\b/.test(accepted);
}

/** Last-Modified is the header stamp: a client holding the current stamp gets 304 until the next one. */
export function isNotModified(request: IncomingHttpHeaders, etag: string, stamp: number): boolean {
  const ifNoneMatch = request['if-none-match'];
  if (ifNoneMatch) {
    // The common case first: a poller sending back the one ETag it was given.
    if (ifNoneMatch === etag) return true;
    return ifNoneMatch.split(',').some((t) => t.trim() === etag || t.trim() === '*');
  }
  const ifModifiedSince = request['if-modified-since'];
  if (!ifModifiedSince) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && stamp * 1000 <= since;
}
