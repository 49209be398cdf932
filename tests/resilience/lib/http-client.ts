// A browser-like HTTP client over fetch: keeps its cookies and echoes the forgery-protection token,
// as the SPA does. One instance per visitor (uploads are rate-limited per visitor).

export interface Reply {
  status: number;
  headers: Headers;
  body: Buffer;
  text(): string;
  json<T = unknown>(): T;
}

/** The request never got an HTTP answer (connection refused or reset, timeout). */
export class NetworkError extends Error {}

export class HttpError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly reply: Reply,
  ) {
    super(`${method} ${path} -> ${reply.status} ${reply.text().slice(0, 300)}`);
  }
}

export interface RequestOptions {
  json?: unknown;
  form?: FormData;
  /** application/x-www-form-urlencoded body (the gateway's notification). */
  urlencoded?: Record<string, string>;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Send no cookies and no token (a server-to-server call). */
  anonymous?: boolean;
  /** 'manual': a redirect is the answer (a 303 with its Location), not followed. */
  redirect?: 'manual' | 'follow';
}

export class Visitor {
  readonly cookies = new Map<string, string>();
  /** The base URL: a function, so a run may point every visitor at a restarted server. */
  constructor(readonly base: string | (() => string)) {}

  get url(): string {
    return typeof this.base === 'string' ? this.base : this.base();
  }

  async request(method: string, path: string, opts: RequestOptions = {}): Promise<Reply> {
    const unsafe = method !== 'GET' && method !== 'HEAD';
    if (unsafe && !opts.anonymous && !this.cookies.has('XSRF-TOKEN')) {
      await this.request('GET', '/api/health');
    }
    const headers: Record<string, string> = { ...opts.headers };
    if (!opts.anonymous) {
      if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const token = this.cookies.get('XSRF-TOKEN');
      if (unsafe && token) headers['x-xsrf-token'] = token;
    }
    let body: string | FormData | undefined;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      body = opts.form;
    } else if (opts.urlencoded) {
      headers['content-type'] = 'application/x-www-form-urlencoded; charset=UTF-8';
      body = new URLSearchParams(opts.urlencoded).toString();
    }
    let res: Response;
    try {
      res = await fetch(`${this.url}${path}`, {
        method,
        headers,
        body: body ?? null,
        redirect: opts.redirect ?? 'follow',
        signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
      });
    } catch (err) {
      throw new NetworkError(`${method} ${path}: ${(err as Error).cause ?? (err as Error).message}`);
    }
    let bytes: Buffer;
    try {
      bytes = Buffer.from(await res.arrayBuffer());
    } catch (err) {
      // The server died while sending the body: no complete answer, so nothing was acknowledged.
      throw new NetworkError(`${method} ${path}: body cut (${(err as Error).message})`);
    }
    if (!opts.anonymous) {
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const eq = pair!.indexOf('=');
        const name = pair!.slice(0, eq).trim();
        const value = pair!.slice(eq + 1).trim();
        if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) this.cookies.delete(name);
        else this.cookies.set(name, value);
      }
    }
    return {
      status: res.status,
      headers: res.headers,
      body: bytes,
      text: () => bytes.toString('utf8'),
      json: <T>() => JSON.parse(bytes.toString('utf8')) as T,
    };
  }

  /** The request, which must answer 2xx (else HttpError). */
  async ok(method: string, path: string, opts: RequestOptions = {}): Promise<Reply> {
    const reply = await this.request(method, path, opts);
    if (reply.status < 200 || reply.status >= 300) throw new HttpError(method, path, reply);
    return reply;
  }

  get(path: string) {
    return this.ok('GET', path);
  }

  async login(who: { email: string; password: string }): Promise<void> {
    await this.ok('POST', '/api/auth/login', { json: who });
  }
}

/** A multipart form with one `file` part, as the browser's upload sends it. */
export function photoForm(
  bytes: Buffer,
  filename: string,
  type: string,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  return form;
}
