/** A tiny browser: a cookie jar, the CSRF token, and fetch. */
export class HttpClient {
  readonly cookies = new Map<string, { value: string; expires?: string; raw: string }>();
  private csrf: string | undefined;

  /** `bearer`: a system with an API token (no cookies of its own, no CSRF token). */
  constructor(
    readonly baseUrl: string,
    readonly options: { bearer?: string } = {},
  ) {}

  get cookieHeader(): string {
    return [...this.cookies.entries()].map(([k, v]) => `${k}=${v.value}`).join('; ');
  }

  async csrfToken(): Promise<string> {
    if (!this.csrf) this.csrf = await (await this.fetch('/auth/csrf')).text();
    return this.csrf;
  }

  async fetch(path: string, init: RequestInit & { csrf?: boolean | string } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const method = (init.method ?? 'GET').toUpperCase();
    if (this.options.bearer) headers.set('authorization', `Bearer ${this.options.bearer}`);
    else if (init.csrf !== false && method !== 'GET' && method !== 'HEAD') {
      headers.set('x-csrf-token', typeof init.csrf === 'string' ? init.csrf : await this.csrfToken());
    }
    if (this.cookies.size > 0) headers.set('cookie', this.cookieHeader);
    const res = await fetch(this.baseUrl + path, { ...init, headers, redirect: 'manual' });
    for (const raw of res.headers.getSetCookie()) this.storeCookie(raw);
    return res;
  }

  private storeCookie(raw: string) {
    const [pair, ...attrs] = raw.split(';');
    const [name, ...rest] = pair!.split('=');
    const value = rest.join('=');
    const expires = attrs.map((a) => a.trim()).find((a) => /^expires=/i.test(a));
    const gone = expires && new Date(expires.slice(8)).getTime() < Date.now();
    if (!value || gone) this.cookies.delete(name!.trim());
    else this.cookies.set(name!.trim(), { value, expires: expires?.slice(8), raw });
  }

  get(path: string, init: RequestInit = {}) {
    return this.fetch(path, { ...init, method: 'GET' });
  }

  postForm(
    path: string,
    form: Record<string, string | string[]>,
    init: RequestInit & { csrf?: boolean | string } = {},
  ) {
    return this.fetch(path, { ...init, method: 'POST', body: toForm(form) });
  }

  putForm(
    path: string,
    form: Record<string, string | string[]>,
    init: RequestInit & { csrf?: boolean | string } = {},
  ) {
    return this.fetch(path, { ...init, method: 'PUT', body: toForm(form) });
  }

  delete(path: string, init: RequestInit & { csrf?: boolean | string } = {}) {
    return this.fetch(path, { ...init, method: 'DELETE' });
  }

  async login(username: string, password: string, rememberMe = true): Promise<Response> {
    const res = await this.postForm('/auth/login', { username, password, remember_me: String(rememberMe) });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
    return res;
  }

  /** Calls a tRPC procedure over HTTP (no batching), returning status and parsed body. */
  async trpc(
    kind: 'query' | 'mutation',
    path: string,
    input?: unknown,
  ): Promise<{ status: number; body: any }> {
    const res =
      kind === 'query'
        ? await this.get(
            `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          )
        : await this.fetch(`/trpc/${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(input ?? null),
          });
    return { status: res.status, body: await res.json() };
  }
}

function toForm(form: Record<string, string | string[]>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(form))
    for (const item of Array.isArray(v) ? v : [v]) params.append(k, item);
  return params;
}
