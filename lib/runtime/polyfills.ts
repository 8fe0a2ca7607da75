/**
 * Minimal web globals for the isolate: UTF-8 TextEncoder/TextDecoder (viem-using bundles touch them at module
 * load), atob/btoa (ethers v5 reads its wordlists with atob), and `self` as workers have it.
 */
const BASE_POLYFILLS = `
if (typeof globalThis.self === 'undefined') globalThis.self = globalThis;
if (typeof globalThis.TextEncoder === 'undefined') {
  globalThis.TextEncoder = class TextEncoder {
    get encoding() { return 'utf-8'; }
    encode(input = '') {
      const s = String(input); const out = [];
      for (let i = 0; i < s.length; i++) {
        let c = s.codePointAt(i);
        if (c > 0xffff) i++;
        if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
        if (c < 0x80) out.push(c);
        else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
        else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
        else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      }
      return new Uint8Array(out);
    }
  };
}
if (typeof globalThis.TextDecoder === 'undefined') {
  globalThis.TextDecoder = class TextDecoder {
    get encoding() { return 'utf-8'; }
    decode(input) {
      if (input === undefined) return '';
      const b = input instanceof Uint8Array ? input : new Uint8Array(input.buffer ?? input);
      let s = '';
      for (let i = 0; i < b.length; ) {
        const c = b[i++];
        let cp;
        if (c < 0x80) cp = c;
        else if (c >= 0xf0) cp = ((c & 7) << 18) | ((b[i++] & 63) << 12) | ((b[i++] & 63) << 6) | (b[i++] & 63);
        else if (c >= 0xe0) cp = ((c & 15) << 12) | ((b[i++] & 63) << 6) | (b[i++] & 63);
        else cp = ((c & 31) << 6) | (b[i++] & 63);
        s += String.fromCodePoint(cp);
      }
      return s;
    }
  };
}
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
if (typeof globalThis.btoa === 'undefined') {
  globalThis.btoa = function btoa(input) {
    const s = String(input); let out = '';
    for (let i = 0; i < s.length; i += 3) {
      const a = s.charCodeAt(i), b = s.charCodeAt(i + 1), c = s.charCodeAt(i + 2);
      if (a > 255 || b > 255 || c > 255) throw new Error('btoa: the string has characters outside Latin-1');
      const n = (a << 16) | ((b || 0) << 8) | (c || 0);
      out += BASE64[n >> 18] + BASE64[(n >> 12) & 63] + (i + 1 < s.length ? BASE64[(n >> 6) & 63] : '=') + (i + 2 < s.length ? BASE64[n & 63] : '=');
    }
    return out;
  };
}
if (typeof globalThis.atob === 'undefined') {
  globalThis.atob = function atob(input) {
    const s = String(input).replace(/[\\t\\n\\f\\r ]/g, '').replace(/=+$/, '');
    if (s.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(s)) throw new Error('atob: the string is not valid base64');
    let out = '';
    for (let i = 0, bits = 0, n = 0; i < s.length; i++) {
      n = (n << 6) | BASE64.indexOf(s[i]); bits += 6;
      if (bits >= 8) { bits -= 8; out += String.fromCharCode((n >> bits) & 255); }
    }
    return out;
  };
}
`;

/**
 * The web platform's URL, URLSearchParams, Headers, Request, Response, AbortController/AbortSignal and
 * DOMException, as HTTP clients (ky, axios, ethers v6's FetchRequest) need them on top of the sandbox's fetch.
 * Minimal but faithful where those clients look: bodies are UTF-8 text (strings, URLSearchParams and byte
 * arrays are accepted; Blob, FormData and streams are refused with a TypeError), `body` is always null (no
 * streams), and URLs must be absolute unless a base is given. The guest's fetch (task-runner/guest.ts) takes a
 * Request and answers a Response.
 */
export const WEB_POLYFILLS = String.raw`
(() => {
  const g = globalThis;
  const define = (name, value) => {
    if (typeof g[name] === 'undefined') Object.defineProperty(g, name, { value, writable: true, configurable: true });
  };

  class DOMException extends Error {
    constructor(message = '', name = 'Error') { super(message); this.name = name; }
    get code() { return ({ AbortError: 20, TimeoutError: 23 })[this.name] ?? 0; }
  }
  define('DOMException', DOMException);

  // --- URLSearchParams ---------------------------------------------------------------------------------
  const formEncode = (s) =>
    encodeURIComponent(s).replace(/[!'()~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase()).replace(/%20/g, '+');
  const formDecode = (s) => {
    const plus = s.replace(/\+/g, ' ');
    try { return decodeURIComponent(plus); } catch { return plus; }
  };
  let paramsOwner = null; // set by URL: the URL a URLSearchParams writes back to
  class URLSearchParams {
    #list = [];
    #url = null;
    constructor(init = '') {
      this.#url = paramsOwner;
      if (init instanceof URLSearchParams) this.#list = init.#list.map(([k, v]) => [k, v]);
      else if (typeof init === 'object' && init !== null && typeof init[Symbol.iterator] === 'function') {
        for (const pair of init) {
          const [k, v, ...rest] = Array.from(pair);
          if (rest.length > 0 || v === undefined) throw new TypeError('URLSearchParams: each pair must have two items');
          this.#list.push([String(k), String(v)]);
        }
      } else if (typeof init === 'object' && init !== null) {
        for (const k of Object.keys(init)) this.#list.push([k, String(init[k])]);
      } else this.#parse(String(init));
    }
    #parse(query) {
      this.#list = [];
      for (const part of query.replace(/^\?/, '').split('&')) {
        if (part === '') continue;
        const at = part.indexOf('=');
        this.#list.push(at < 0 ? [formDecode(part), ''] : [formDecode(part.slice(0, at)), formDecode(part.slice(at + 1))]);
      }
    }
    static _reset(params, query) { params.#parse(query); }
    #changed() { if (this.#url) this.#url._setQuery(this.toString()); }
    get size() { return this.#list.length; }
    append(name, value) { this.#list.push([String(name), String(value)]); this.#changed(); }
    delete(name, value) {
      name = String(name);
      this.#list = this.#list.filter(([k, v]) => k !== name || (value !== undefined && v !== String(value)));
      this.#changed();
    }
    get(name) { const hit = this.#list.find(([k]) => k === String(name)); return hit ? hit[1] : null; }
    getAll(name) { return this.#list.filter(([k]) => k === String(name)).map(([, v]) => v); }
    has(name, value) { return this.#list.some(([k, v]) => k === String(name) && (value === undefined || v === String(value))); }
    set(name, value) {
      name = String(name);
      const at = this.#list.findIndex(([k]) => k === name);
      if (at < 0) this.#list.push([name, String(value)]);
      else { this.#list[at][1] = String(value); this.#list = this.#list.filter(([k], i) => k !== name || i === at); }
      this.#changed();
    }
    sort() { this.#list.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)); this.#changed(); }
    forEach(callback, thisArg) { for (const [k, v] of this.#list) callback.call(thisArg, v, k, this); }
    *entries() { for (const [k, v] of this.#list) yield [k, v]; }
    *keys() { for (const [k] of this.#list) yield k; }
    *values() { for (const [, v] of this.#list) yield v; }
    [Symbol.iterator]() { return this.entries(); }
    toString() { return this.#list.map(([k, v]) => formEncode(k) + '=' + formEncode(v)).join('&'); }
    get [Symbol.toStringTag]() { return 'URLSearchParams'; }
  }
  define('URLSearchParams', URLSearchParams);

  // --- URL -----------------------------------------------------------------------------------------------
  const SPECIAL_PORTS = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443', 'ftp:': '21', 'file:': '' };
  const URL_PATTERN = /^([a-zA-Z][a-zA-Z0-9+.-]*):(?:\/\/(?:([^:@\/?#]*)(?::([^@\/?#]*))?@)?(\[[^\]\/?#]*\]|[^:\/?#]*)(?::([^\/?#]*))?)?([^?#]*)(\?[^#]*)?(#.*)?$/;
  const escapeOther = (s) => s.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
  const removeDots = (path) => {
    const out = [];
    const parts = path.split('/');
    parts.forEach((seg, i) => {
      const last = i === parts.length - 1;
      if (seg === '..') { if (out.length > 1) out.pop(); if (last) out.push(''); }
      else if (seg === '.') { if (last) out.push(''); }
      else out.push(seg);
    });
    return out.join('/') || '/';
  };
  class URL {
    #protocol = ''; #username = ''; #password = ''; #hostname = ''; #port = ''; #pathname = ''; #search = ''; #hash = '';
    #hasAuthority = false;
    #params;
    constructor(url, base) {
      const input = String(url).trim();
      const m = URL_PATTERN.exec(input);
      if (m) this.#assign(m, input);
      else {
        if (base === undefined) throw new TypeError('Invalid URL: ' + input);
        const b = base instanceof URL ? base : new URL(base);
        const root = b.protocol + (b.#hasAuthority ? '//' + b.#authority() : '');
        let href;
        if (input.startsWith('//')) href = b.protocol + input;
        else if (input.startsWith('/')) href = root + input;
        else if (input.startsWith('?')) href = root + b.pathname + input;
        else if (input.startsWith('#')) href = root + b.pathname + b.search + input;
        else if (input === '') href = root + b.pathname + b.search;
        else href = root + b.pathname.replace(/[^/]*$/, '') + input;
        const again = URL_PATTERN.exec(href);
        if (!again) throw new TypeError('Invalid URL: ' + input);
        this.#assign(again, href);
      }
      paramsOwner = this;
      try { this.#params = new URLSearchParams(this.#search); } finally { paramsOwner = null; }
    }
    #assign(m, input) {
      const protocol = m[1].toLowerCase() + ':';
      const special = protocol in SPECIAL_PORTS;
      const hasAuthority = m[4] !== undefined;
      if (special && !hasAuthority) throw new TypeError('Invalid URL: ' + input);
      if (special && protocol !== 'file:' && !m[4]) throw new TypeError('Invalid URL: ' + input);
      const port = m[5] ?? '';
      if (!/^\d*$/.test(port) || Number(port) > 65535) throw new TypeError('Invalid URL: ' + input);
      this.#protocol = protocol;
      this.#hasAuthority = hasAuthority;
      this.#username = m[2] ?? '';
      this.#password = m[3] ?? '';
      this.#hostname = special ? (m[4] ?? '').toLowerCase() : (m[4] ?? '');
      this.#port = port === '' || SPECIAL_PORTS[protocol] === String(Number(port)) ? '' : String(Number(port));
      const path = escapeOther(m[6] ?? '');
      this.#pathname = special ? removeDots(path.startsWith('/') ? path : '/' + path) : path;
      this.#search = m[7] && m[7] !== '?' ? escapeOther(m[7]) : '';
      this.#hash = m[8] && m[8] !== '#' ? escapeOther(m[8]) : '';
    }
    #authority() {
      const auth = this.#username || this.#password ? this.#username + (this.#password ? ':' + this.#password : '') + '@' : '';
      return auth + this.host;
    }
    _setQuery(query) { this.#search = query ? '?' + query : ''; }
    get href() {
      return this.#protocol + (this.#hasAuthority ? '//' + this.#authority() : '') + this.#pathname + this.#search + this.#hash;
    }
    set href(value) {
      const next = new URL(value);
      const m = URL_PATTERN.exec(next.href);
      this.#assign(m, next.href);
      URLSearchParams._reset(this.#params, this.#search);
    }
    get origin() {
      return this.#protocol in SPECIAL_PORTS && this.#protocol !== 'file:' ? this.#protocol + '//' + this.host : 'null';
    }
    get protocol() { return this.#protocol; }
    get username() { return this.#username; }
    set username(v) { this.#username = encodeURIComponent(String(v)); }
    get password() { return this.#password; }
    set password(v) { this.#password = encodeURIComponent(String(v)); }
    get host() { return this.#hostname + (this.#port ? ':' + this.#port : ''); }
    get hostname() { return this.#hostname; }
    set hostname(v) { this.#hostname = String(v).toLowerCase(); }
    get port() { return this.#port; }
    set port(v) { const p = String(v); if (/^\d*$/.test(p)) this.#port = p === SPECIAL_PORTS[this.#protocol] ? '' : p; }
    get pathname() { return this.#pathname; }
    set pathname(v) {
      const path = escapeOther(String(v));
      this.#pathname = this.#protocol in SPECIAL_PORTS ? removeDots(path.startsWith('/') ? path : '/' + path) : path;
    }
    get search() { return this.#search; }
    set search(v) {
      const s = String(v).replace(/^\?/, '');
      this.#search = s ? '?' + escapeOther(s) : '';
      URLSearchParams._reset(this.#params, this.#search);
    }
    get searchParams() { return this.#params; }
    get hash() { return this.#hash; }
    set hash(v) { const h = String(v).replace(/^#/, ''); this.#hash = h ? '#' + escapeOther(h) : ''; }
    toString() { return this.href; }
    toJSON() { return this.href; }
    static canParse(url, base) { try { new URL(url, base); return true; } catch { return false; } }
    get [Symbol.toStringTag]() { return 'URL'; }
  }
  define('URL', URL);

  // --- Headers -------------------------------------------------------------------------------------------
  const TOKEN = /^[!#$%&'*+\-.^_\x60|~0-9A-Za-z]+$/;
  const headerName = (name) => {
    const n = String(name);
    if (!TOKEN.test(n)) throw new TypeError('Headers: "' + n + '" is not a valid header name');
    return n.toLowerCase();
  };
  const headerValue = (value) => String(value).replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
  class Headers {
    #map = new Map();
    constructor(init) {
      if (init === undefined || init === null) return;
      if (init instanceof Headers) init.forEach((v, k) => this.append(k, v));
      else if (typeof init === 'object' && typeof init[Symbol.iterator] === 'function') {
        for (const pair of init) {
          const [k, v, ...rest] = Array.from(pair);
          if (rest.length > 0 || v === undefined) throw new TypeError('Headers: each header must be a [name, value] pair');
          this.append(k, v);
        }
      } else if (typeof init === 'object') for (const k of Object.keys(init)) this.append(k, init[k]);
      else throw new TypeError('Headers: init must be an object, an array of pairs or Headers');
    }
    append(name, value) {
      const n = headerName(name);
      const v = headerValue(value);
      this.#map.set(n, this.#map.has(n) ? this.#map.get(n) + ', ' + v : v);
    }
    set(name, value) { this.#map.set(headerName(name), headerValue(value)); }
    get(name) { const v = this.#map.get(headerName(name)); return v === undefined ? null : v; }
    has(name) { return this.#map.has(headerName(name)); }
    delete(name) { this.#map.delete(headerName(name)); }
    getSetCookie() { const v = this.#map.get('set-cookie'); return v === undefined ? [] : [v]; }
    *entries() { for (const k of Array.from(this.#map.keys()).sort()) yield [k, this.#map.get(k)]; }
    *keys() { for (const [k] of this.entries()) yield k; }
    *values() { for (const [, v] of this.entries()) yield v; }
    forEach(callback, thisArg) { for (const [k, v] of this.entries()) callback.call(thisArg, v, k, this); }
    [Symbol.iterator]() { return this.entries(); }
    get [Symbol.toStringTag]() { return 'Headers'; }
  }
  define('Headers', Headers);

  // --- AbortController / AbortSignal -----------------------------------------------------------------------
  let abortSignal;
  const INTERNAL = Symbol('internal');
  class AbortSignal {
    #aborted = false;
    #reason = undefined;
    #listeners = [];
    onabort = null;
    constructor(key) { if (key !== INTERNAL) throw new TypeError('Illegal constructor'); }
    static { abortSignal = (signal, reason) => signal.#abort(reason); }
    #abort(reason) {
      if (this.#aborted) return;
      this.#aborted = true;
      this.#reason = reason === undefined ? new DOMException('This operation was aborted', 'AbortError') : reason;
      const event = { type: 'abort', target: this, currentTarget: this };
      if (typeof this.onabort === 'function') this.onabort.call(this, event);
      const listeners = this.#listeners;
      this.#listeners = [];
      for (const { listener } of listeners) {
        if (typeof listener === 'function') listener.call(this, event);
        else if (listener && typeof listener.handleEvent === 'function') listener.handleEvent(event);
      }
    }
    get aborted() { return this.#aborted; }
    get reason() { return this.#reason; }
    throwIfAborted() { if (this.#aborted) throw this.#reason; }
    addEventListener(type, listener) {
      if (type !== 'abort' || !listener || this.#listeners.some((l) => l.listener === listener)) return;
      this.#listeners.push({ listener });
    }
    removeEventListener(type, listener) {
      if (type === 'abort') this.#listeners = this.#listeners.filter((l) => l.listener !== listener);
    }
    dispatchEvent(event) { if (event && event.type === 'abort') this.#abort(this.#reason); return true; }
    static abort(reason) { const s = new AbortSignal(INTERNAL); s.#abort(reason); return s; }
    static timeout(ms) {
      const s = new AbortSignal(INTERNAL);
      g.setTimeout(() => s.#abort(new DOMException('The operation timed out', 'TimeoutError')), ms);
      return s;
    }
    static any(signals) {
      const s = new AbortSignal(INTERNAL);
      for (const source of signals) {
        if (source.aborted) { s.#abort(source.reason); break; }
        source.addEventListener('abort', () => s.#abort(source.reason));
      }
      return s;
    }
    get [Symbol.toStringTag]() { return 'AbortSignal'; }
  }
  class AbortController {
    #signal = new AbortSignal(INTERNAL);
    get signal() { return this.#signal; }
    abort(reason) { abortSignal(this.#signal, reason); }
  }
  define('AbortSignal', AbortSignal);
  define('AbortController', AbortController);

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
})();
`;

/** Everything the isolate gets before the task's module loads (the run's bootstrap adds fetch, console, timers). */
export const POLYFILLS = BASE_POLYFILLS + WEB_POLYFILLS;
