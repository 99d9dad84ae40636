import type { AppDeps, Quotas } from '../deps.ts';
import type { AppError } from '../errors.ts';

/**
 * The subscriptions of one websocket (tRPC /trpc or Socket.IO /ws): at most SUBSCRIPTIONS_PER_SOCKET
 * on it and SUBSCRIPTIONS_PER_PRINCIPAL over all the sockets of its principal in this process. Each
 * open subscription is a listener woken by every change and a loop that reads the database for it:
 * 60 sockets × 200 subscriptions of one viewer held the public feed at p99 1.1 s (docs/rest-api.md
 * "Quotas"). When the socket closes, whatever it still holds is given back at once.
 */
/** Refusals after which a socket's client is taken to ignore them (a page opens a handful of subscriptions). */
const IGNORED_REFUSALS = 8;

export class SocketSubscriptions {
  private readonly open = new Set<() => void>();
  private closed = false;
  private refused = 0;
  private onIgnored: (() => void) | undefined;

  constructor(
    private readonly quotas: Quotas,
    private readonly limits: { perSocket: number; perPrincipal: number },
    /** null: an anonymous socket (its subscriptions are refused by their role check anyway). */
    private readonly principal: string | null,
  ) {}

  /**
   * `close` is called once this socket's client has been refused more subscriptions than it may
   * hold: it ignores the refusals, and answering each of its calls would cost more than closing.
   */
  closeWhenIgnored(close: () => void): void {
    this.onIgnored = close;
  }

  /** Opens one subscription or throws the 429 that says which limit it met; the function closes it. */
  take(): () => void {
    try {
      return this.open.size < this.limits.perSocket && !this.closed ? this.takeOne() : this.refuseOne();
    } catch (error) {
      if (++this.refused === IGNORED_REFUSALS) this.onIgnored?.();
      throw error;
    }
  }

  /**
   * Whether one more subscription is over a quota already, with `live` on this socket (open or
   * starting): checked before tRPC runs the call (subscription-gate.ts).
   */
  full(live: number): boolean {
    const { perSocket, perPrincipal } = this.limits;
    if (this.closed || live >= perSocket) return true;
    return (
      this.principal !== null &&
      this.quotas.holding('subscriptions_per_principal', this.principal) >= perPrincipal
    );
  }

  /**
   * The refusal of the subscription `full` found over a quota (counted in /metrics and towards
   * closing a client that ignores them).
   */
  refusal(live: number): AppError {
    try {
      return live >= this.limits.perSocket || this.closed ? this.refuseOne() : this.refusePrincipal();
    } catch (error) {
      if (++this.refused === IGNORED_REFUSALS) this.onIgnored?.();
      return error as AppError;
    }
  }

  private refusePrincipal(): never {
    const { perPrincipal } = this.limits;
    throw this.quotas.refusal(
      'subscriptions_per_principal',
      'too_many_subscriptions',
      `You have ${perPrincipal} subscriptions open already over all your connections (SUBSCRIPTIONS_PER_PRINCIPAL). Close other tabs or windows of the app, or stop a subscription, then try again.`,
    );
  }

  private refuseOne(): never {
    const { perSocket } = this.limits;
    throw this.quotas.refusal(
      'subscriptions_per_socket',
      'too_many_subscriptions',
      `This connection has ${perSocket} subscriptions open already (SUBSCRIPTIONS_PER_SOCKET). Stop one before starting another.`,
    );
  }

  private takeOne(): () => void {
    const { perPrincipal } = this.limits;
    const principal = this.principal;
    const giveBack = principal
      ? this.quotas.take('subscriptions_per_principal', principal, perPrincipal, () => {
          try {
            return this.refusePrincipal();
          } catch (error) {
            return error as AppError;
          }
        })
      : () => {};
    const close = () => {
      if (!this.open.delete(close)) return;
      giveBack();
    };
    this.open.add(close);
    return close;
  }

  /** The socket closed: every subscription it held is given back. */
  close(): void {
    this.closed = true;
    for (const close of [...this.open]) close();
  }
}

/**
 * One websocket of a principal while it has fewer than WEBSOCKETS_PER_PRINCIPAL open in this
 * process, with its subscriptions; throws the 429 otherwise. `closed` gives everything back.
 */
export function openSocketQuotas(
  deps: Pick<AppDeps, 'quotas' | 'config'>,
  principal: string | null,
): { subscriptions: SocketSubscriptions; closed: () => void } {
  const { quotas, config } = deps;
  const max = config.WEBSOCKETS_PER_PRINCIPAL;
  const giveBack = principal
    ? quotas.take('websockets_per_principal', principal, max, () =>
        quotas.refusal(
          'websockets_per_principal',
          'too_many_websockets',
          `You have ${max} live connections open already (WEBSOCKETS_PER_PRINCIPAL). Close other tabs or windows of the app, then reload this one.`,
        ),
      )
    : () => {};
  const subscriptions = new SocketSubscriptions(
    quotas,
    { perSocket: config.SUBSCRIPTIONS_PER_SOCKET, perPrincipal: config.SUBSCRIPTIONS_PER_PRINCIPAL },
    principal,
  );
  return {
    subscriptions,
    closed: () => {
      subscriptions.close();
      giveBack();
    },
  };
}
