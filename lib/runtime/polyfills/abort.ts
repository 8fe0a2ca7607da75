/** AbortController and AbortSignal (abort, timeout, any). Uses the prelude's names. */
export const WEB_ABORT = String.raw`
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

`;
