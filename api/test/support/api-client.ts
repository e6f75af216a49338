/** A tiny browser stand-in: keeps cookies, sends X-Client-Id like the web app does. */
export class ApiClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly baseUrl: string,
    private readonly options: { clientId?: string | null; bearer?: string } = {},
  ) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  /** The same browser (its cookies and headers) talking to another server, e.g. a second app on one database. */
  at(baseUrl: string): ApiClient {
    const other = new ApiClient(baseUrl, this.options);
    for (const [name, value] of this.cookies) other.setCookie(name, value);
    return other;
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: any; headers: Headers }> {
    const response = await fetch(`${this.baseUrl}/api${path}`, {
      method,
      headers: {
        ...(body !== undefined && !(body instanceof Uint8Array) ? { 'content-type': 'application/json' } : {}),
        ...(this.options.clientId === null ? {} : { 'x-client-id': this.options.clientId ?? 'loopwright-web' }),
        ...(this.options.bearer ? { authorization: `Bearer ${this.options.bearer}` } : {}),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : body instanceof Uint8Array ? new Uint8Array(body) : JSON.stringify(body),
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      const expired = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || !value;
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  get(path: string) {
    return this.request('GET', path);
  }
  post(path: string, body: unknown = {}) {
    return this.request('POST', path, body);
  }
  patch(path: string, body: unknown) {
    return this.request('PATCH', path, body);
  }
  put(path: string, body: unknown, headers?: Record<string, string>) {
    return this.request('PUT', path, body, headers);
  }
  delete(path: string) {
    return this.request('DELETE', path);
  }
}
