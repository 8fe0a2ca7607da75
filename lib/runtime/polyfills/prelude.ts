/** The web polyfills' shared part: `g`, `define` (sets a global only when missing) and DOMException. */
export const WEB_PRELUDE = String.raw`
  const g = globalThis;
  const define = (name, value) => {
    if (typeof g[name] === 'undefined') Object.defineProperty(g, name, { value, writable: true, configurable: true });
  };

  class DOMException extends Error {
    constructor(message = '', name = 'Error') { super(message); this.name = name; }
    get code() { return ({ AbortError: 20, TimeoutError: 23 })[this.name] ?? 0; }
  }
  define('DOMException', DOMException);

`;
