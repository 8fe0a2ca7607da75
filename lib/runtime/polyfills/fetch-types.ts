/** Request and Response over UTF-8 text bodies. Uses the prelude's names, URL, Headers and AbortSignal. */
export const WEB_FETCH_TYPES = String.raw`
  // --- Request / Response ----------------------------------------------------------------------------------
  const bodyText = (body, headers) => {
    if (body === undefined || body === null) return null;
    if (typeof body === 'string') return body;
    if (body instanceof URLSearchParams) {
      if (!headers.has('content-type')) headers.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
      return body.toString();
    }
    if (body instanceof ArrayBuffer) return new TextDecoder().decode(new Uint8Array(body));
    if (ArrayBuffer.isView(body)) return new TextDecoder().decode(new Uint8Array(body.buffer, body.byteOffset, body.byteLength));
    const kind = (body.constructor && body.constructor.name) || typeof body;
    throw new TypeError('a ' + kind + ' body is not supported in the sandbox: send a string');
  };
  const readers = (Class) => {
    Object.assign(Class.prototype, {
      async text() { return this._consume(); },
      async json() { return JSON.parse(await this._consume()); },
      async arrayBuffer() { return new TextEncoder().encode(await this._consume()).buffer; },
      async bytes() { return new TextEncoder().encode(await this._consume()); },
      async blob() { throw new TypeError(Class.name + '.blob() is not supported in the sandbox: use text()'); },
      async formData() { throw new TypeError(Class.name + '.formData() is not supported in the sandbox: use text()'); },
    });
  };
  const METHODS = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT'];
  class Request {
    #url; #method; #headers; #body; #signal; #used = false;
    #init;
    constructor(input, init = {}) {
      init = init ?? {};
      const from = input instanceof Request ? input : null;
      this.#url = from ? from.url : new URL(String(input)).href;
      const method = init.method !== undefined ? String(init.method) : from ? from.method : 'GET';
      this.#method = METHODS.includes(method.toUpperCase()) ? method.toUpperCase() : method;
      this.#headers = new Headers(init.headers !== undefined ? init.headers : from ? from.headers : undefined);
      if (init.body !== undefined && init.body !== null) {
        if (this.#method === 'GET' || this.#method === 'HEAD') throw new TypeError('Request with GET/HEAD method cannot have body');
        this.#body = bodyText(init.body, this.#headers);
        if (typeof init.body === 'string' && !this.#headers.has('content-type')) this.#headers.set('content-type', 'text/plain;charset=UTF-8');
      } else this.#body = from ? from._peek() : null;
      this.#signal = init.signal ?? (from ? from.signal : new AbortController().signal);
      this.#init = {
        redirect: init.redirect ?? from?.redirect ?? 'follow',
        credentials: init.credentials ?? from?.credentials ?? 'same-origin',
        mode: init.mode ?? from?.mode ?? 'cors',
        cache: init.cache ?? from?.cache ?? 'default',
      };
    }
    get url() { return this.#url; }
    get method() { return this.#method; }
    get headers() { return this.#headers; }
    get signal() { return this.#signal; }
    get body() { return null; }
    get bodyUsed() { return this.#used; }
    get redirect() { return this.#init.redirect; }
    get credentials() { return this.#init.credentials; }
    get mode() { return this.#init.mode; }
    get cache() { return this.#init.cache; }
    get referrer() { return 'about:client'; }
    get integrity() { return ''; }
    get keepalive() { return false; }
    get duplex() { return 'half'; }
    _peek() { return this.#body; }
    _consume() {
      if (this.#used) throw new TypeError('Body is unusable: Body has already been read');
      this.#used = true;
      return this.#body ?? '';
    }
    clone() {
      if (this.#used) throw new TypeError('Request.clone: Body has already been consumed');
      return new Request(this);
    }
    get [Symbol.toStringTag]() { return 'Request'; }
  }
  readers(Request);
  define('Request', Request);

  const NULL_BODY_STATUS = [101, 103, 204, 205, 304];
  const RESPONSE_URL = Symbol.for('tickwork.response.url');
  class Response {
    #status; #statusText; #headers; #body; #url; #type; #used = false;
    constructor(body = null, init = {}) {
      init = init ?? {};
      const status = init.status === undefined ? 200 : Number(init.status);
      const fromFetch = typeof init[RESPONSE_URL] === 'string';
      if (!fromFetch && (!Number.isInteger(status) || status < 200 || status > 599))
        throw new RangeError('Response: status ' + init.status + ' is outside 200 to 599');
      this.#status = status;
      this.#statusText = init.statusText === undefined ? '' : String(init.statusText);
      this.#headers = new Headers(init.headers);
      this.#body = bodyText(body, this.#headers);
      if (this.#body && NULL_BODY_STATUS.includes(status)) {
        if (!fromFetch) throw new TypeError('Response with null body status cannot have body');
        this.#body = null;
      }
      if (!fromFetch && typeof body === 'string' && !this.#headers.has('content-type'))
        this.#headers.set('content-type', 'text/plain;charset=UTF-8');
      this.#url = fromFetch ? init[RESPONSE_URL] : '';
      this.#type = fromFetch ? 'basic' : 'default';
    }
    get ok() { return this.#status >= 200 && this.#status < 300; }
    get status() { return this.#status; }
    get statusText() { return this.#statusText; }
    get headers() { return this.#headers; }
    get url() { return this.#url; }
    get type() { return this.#type; }
    get redirected() { return false; }
    get body() { return null; }
    get bodyUsed() { return this.#used; }
    _consume() {
      if (this.#used) throw new TypeError('Body is unusable: Body has already been read');
      this.#used = true;
      return this.#body ?? '';
    }
    clone() {
      if (this.#used) throw new TypeError('Response.clone: Body has already been consumed');
      return new Response(this.#body, {
        status: this.#status,
        statusText: this.#statusText,
        headers: this.#headers,
        ...(this.#type === 'basic' && { [RESPONSE_URL]: this.#url }),
      });
    }
    static json(data, init = {}) {
      const headers = new Headers(init?.headers);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      return new Response(JSON.stringify(data), { ...init, headers });
    }
    static error() { const r = new Response(null, { status: 200 }); r.#status = 0; r.#type = 'error'; return r; }
    static redirect(url, status = 302) {
      return new Response(null, { status, headers: { location: new URL(url).href } });
    }
    get [Symbol.toStringTag]() { return 'Response'; }
  }
  readers(Response);
  define('Response', Response);
`;
