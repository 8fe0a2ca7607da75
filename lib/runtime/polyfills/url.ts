/** URLSearchParams and URL (absolute URLs, or relative to a given base). Uses the prelude's names. */
export const WEB_URL = String.raw`
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

`;
