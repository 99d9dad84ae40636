import { type ServerResponse, STATUS_CODES } from 'node:http';

/**
 * An answer fixed but for its Date (a feed snapshot's 200 or 304), sent as one buffer: status
 * line, headers and body made once a second, written to the socket in one call.
 *
 * Node's ServerResponse builds the status line and headers of every answer afresh (each header
 * name and value checked against the token and field-value grammars, the block joined as a
 * string, then written with the body as two chunks). For the public feed, polled thousands of
 * times a second with the same 18 headers, that was most of what separated the product from
 * a socket writing the same bytes (tests/bench/README.md). Node offers no public call to send
 * prepared bytes as a response, so `send` hands Node the prepared head as the one it would have
 * made (an answer without a body), or marks the headers as already written and writes head and
 * body as one buffer (the two fields `headersSent` and `end()` read): Node's own keep-alive,
 * pipelining, timeouts and 'finish' handling stay as they are. When the response is
 * not in the state this relies on (another Node, a connection that closes after this answer, a
 * limit on requests per connection), it is sent the ordinary way, byte for byte the same.
 */
export class PreparedResponse {
  private wire: Wire | undefined;

  /** `rawHeaders` as name, value, name, value… (no Date, Connection or Keep-Alive: they are the connection's). */
  constructor(
    readonly status: number,
    readonly rawHeaders: readonly string[],
    readonly body: Buffer | undefined,
  ) {}

  send(response: ServerResponse): void {
    const internals = response as unknown as ResponseInternals;
    if (canSendWhole(internals)) {
      const wire = this.wireFor(keepAliveHeader(internals._keepAliveTimeout));
      response.statusCode = this.status;
      if (!wire.bytes) {
        // No body (a 304): Node's own path for headers it made itself, one string write.
        internals._header = wire.head;
        response.end();
      } else {
        // A body: written as one buffer, outside the cork and the empty last write that
        // `end(chunk)` makes; `end()` then finishes once the bytes are with the kernel.
        internals._header = HEADERS_IN_BODY;
        internals._headerSent = true;
        response.write(wire.bytes);
        response.end();
      }
      return;
    }
    response.writeHead(this.status, this.rawHeaders as string[]);
    response.end(this.body);
  }

  private wireFor(keepAlive: string): Wire {
    const second = Math.floor(Date.now() / 1000);
    if (this.wire?.second !== second || this.wire.keepAlive !== keepAlive) {
      // The headers in Node's order: the given ones, then Date, Connection, Keep-Alive.
      let head = `HTTP/1.1 ${this.status} ${STATUS_CODES[this.status]}\r\n`;
      for (let i = 0; i < this.rawHeaders.length; i += 2)
        head += `${this.rawHeaders[i]}: ${this.rawHeaders[i + 1]}\r\n`;
      head += `Date: ${new Date(second * 1000).toUTCString()}\r\nConnection: keep-alive\r\n${keepAlive}\r\n`;
      const bytes = this.body && Buffer.concat([Buffer.from(head, 'latin1'), this.body]);
      this.wire = { second, keepAlive, head, bytes };
    }
    return this.wire;
  }
}

/** One second's answer: its head, and with a body, head and body as one buffer. */
type Wire = { second: number; keepAlive: string; head: string; bytes: Buffer | undefined };

/** What `send` relies on in Node's OutgoingMessage (lib/_http_outgoing.js, Node 20 to 24). */
type ResponseInternals = {
  _header: string | null;
  _headerSent: boolean;
  shouldKeepAlive: boolean;
  sendDate: boolean;
  chunkedEncoding: boolean;
  _keepAliveTimeout: number;
  _defaultKeepAlive: boolean;
  _maxRequestsPerSocket: number | null | undefined;
  maxRequestsOnConnectionReached?: boolean;
};

/** Node's Keep-Alive line for the server's keepAliveTimeout (none when it is 0); the last one kept. */
let keepAlive = { timeoutMs: -1, line: '' };
function keepAliveHeader(timeoutMs: number): string {
  if (keepAlive.timeoutMs !== timeoutMs) {
    const line = timeoutMs ? `Keep-Alive: timeout=${Math.floor(timeoutMs / 1000)}\r\n` : '';
    keepAlive = { timeoutMs, line };
  }
  return keepAlive.line;
}

/** Any string that is not empty: `headersSent` reads it, `end()` then writes no headers of its own. */
const HEADERS_IN_BODY = 'headers sent with the body';

/**
 * A fresh response on a connection that stays open after it, whose headers Node would write as
 * `bytes` does: nothing set or sent yet, keep-alive, Date on, no limit of requests per connection.
 */
function canSendWhole(r: ResponseInternals): boolean {
  return (
    r._header === null &&
    r._headerSent === false &&
    r.shouldKeepAlive === true &&
    r.sendDate === true &&
    r.chunkedEncoding === false &&
    r._defaultKeepAlive === true &&
    typeof r._keepAliveTimeout === 'number' &&
    !r._maxRequestsPerSocket &&
    !r.maxRequestsOnConnectionReached
  );
}
