/** Headers (case-insensitive names, combined values). Uses the prelude's names. */
export const WEB_HEADERS = String.raw`
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

`;
