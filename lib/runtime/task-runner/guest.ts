import { GUEST_TIMERS } from './guest-timers';

/** What the guest's run function answers (see GUEST_BOOTSTRAP). */
export type GuestAnswer =
  | { status: 'not_a_task' }
  | { status: 'callback_missing' }
  | { status: 'threw'; message: string }
  | { status: 'unserializable'; message: string }
  | { status: 'done'; result: string | undefined; storage: string | null }
  /** A callback returned (what it returned is dropped inside the isolate). */
  | { status: 'callback_done'; storage: string | null };

/** The run's input as the bootstrap receives it (copied into the isolate). */
export type GuestInput = {
  args: unknown;
  /** Pre-serialized per key, the form the guest keeps storage in. */
  storage: [string, string][];
  secrets: Record<string, string>;
  chainId: number;
  execution: unknown;
  maxPendingTimers: number;
  /** The callback to run instead of `run`, with its event; null for a run. */
  callback: { name: string; event: unknown } | null;
  /** The log or block of an event or block trigger's run; null for other runs. */
  trigger: unknown;
};

/**
 * Evaluated inside the isolate with the host references and the run's input; builds the TaskContext, installs
 * console and the timers, and answers the function that runs the task. The references stay in this closure,
 * never on globalThis. Everything that crosses back is plain data: the result as JSON with bigints as decimal
 * strings (isolated-vm cannot copy a bigint), and the storage as JSON only when set or delete was called.
 */
export const GUEST_BOOTSTRAP = `function bootstrap(logRef, chainRef, fetchRef, sleepRef, cancelRef, input) {
  'use strict';
  const { stringify, parse } = JSON;
  const race = Promise.race.bind(Promise);
  // isolated-vm reads transfer options through the prototype chain: with plain objects, a task that sets
  // Object.prototype.reference could ask for references to host objects instead of copies.
  const options = (fields) => Object.freeze(Object.assign(Object.create(null), fields));
  const bridge = options({ arguments: options({ copy: true }), result: options({ promise: true, copy: true }) });
  const logOptions = options({});
  const toJson = (value) => stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v));
  const messageOf = (error) => {
    try { return error instanceof Error ? String(error.message) : String(error); }
    catch { return 'a value that cannot be printed'; }
  };

  // Logs: formatted like console (strings as they are, the rest as JSON), sent to the host line by line so
  // that a run killed by a limit keeps the lines written before.
  const describe = (value) => {
    if (typeof value === 'string') return value;
    if (value instanceof Error) return value.stack || String(value);
    if (typeof value === 'bigint') return value + 'n';
    if (typeof value === 'function') return '[Function: ' + (value.name || 'anonymous') + ']';
    if (typeof value === 'object' && value !== null) {
      try { const json = toJson(value); if (json !== undefined) return json; } catch {}
    }
    try { return String(value); } catch { return '[unprintable]'; }
  };
  const emit = (level) => (...values) => { logRef.applySync(undefined, [level, values.map(describe).join(' ')], logOptions); };
  const log = Object.freeze({ debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') });
  globalThis.console = Object.freeze({
    log: log.info, info: log.info, warn: log.warn, error: log.error, debug: log.debug, trace: log.debug,
  });

  // Storage: key → JSON text, so that get and getAll hand out copies and the host gets the object back
  // without serializing it again.
  const entries = new Map(input.storage);
  let storageTouched = false;
  const requireKey = (method, key) => {
    if (typeof key !== 'string') throw new TypeError('storage.' + method + ': the key must be a string');
  };
  const requireJson = (value, path, ancestors) => {
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
    if (typeof value === 'number') {
      if (Number.isFinite(value)) return;
      throw new TypeError('storage.set: ' + path + ' is ' + value + ', which JSON cannot hold');
    }
    const proto = typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
    const isArray = Array.isArray(value);
    if (!isArray && proto !== Object.prototype && proto !== null) {
      const kind = typeof value === 'object' ? (value.constructor && value.constructor.name) || 'object' : typeof value;
      throw new TypeError('storage.set: ' + path + ' is a ' + kind + ', not a JSON value');
    }
    if (ancestors.has(value)) throw new TypeError('storage.set: ' + path + ' is circular');
    ancestors.add(value);
    if (isArray) value.forEach((item, i) => requireJson(item, path + '[' + i + ']', ancestors));
    else for (const key of Object.keys(value)) requireJson(value[key], path + '.' + key, ancestors);
    ancestors.delete(value);
  };
  const storageJson = () => '{' + Array.from(entries, ([key, json]) => stringify(key) + ':' + json).join(',') + '}';
  const storage = Object.freeze({
    get: async (key) => {
      requireKey('get', key);
      const json = entries.get(key);
      return json === undefined ? undefined : parse(json);
    },
    set: async (key, value) => {
      requireKey('set', key);
      requireJson(value, 'value', new Set());
      entries.set(key, stringify(value));
      storageTouched = true;
    },
    delete: async (key) => {
      requireKey('delete', key);
      if (entries.delete(key)) storageTouched = true;
    },
    getAll: async () => parse(storageJson()),
  });

  const secretValues = new Map(Object.entries(input.secrets));
  const secrets = Object.freeze({
    get: async (envKey) => secretValues.get(String(envKey)),
    getAll: async () => Object.fromEntries(secretValues),
  });

  // EIP-1193 errors carry code and data, which viem's custom() transport reads.
  const rpcError = (code, message, data) => {
    const error = new Error(message);
    error.name = 'ChainRequestError';
    error.code = code;
    if (data !== undefined) error.data = data;
    return error;
  };
  const chain = Object.freeze({
    id: input.chainId,
    request: async (args) => {
      if (typeof args !== 'object' || args === null || typeof args.method !== 'string')
        throw rpcError(-32600, 'chain.request takes { method, params }');
      const answer = await chainRef.apply(undefined, [args.method, args.params], bridge);
      if (answer.ok) return answer.result;
      throw rpcError(answer.code, answer.message, answer.data);
    },
  });

  // fetch takes a URL or a Request (ky and axios pass one) and init with headers as an object, pairs or Headers,
  // and a string, URLSearchParams or byte body (sent as UTF-8 text); it answers a Response (lib/runtime/polyfills).
  const { Request: RequestClass, Response: ResponseClass, URLSearchParams: ParamsClass } = globalThis;
  const fetchHeaders = (headers) => {
    const out = {};
    if (typeof headers !== 'object') throw new TypeError('fetch: init.headers must be an object of strings');
    const pairs = typeof headers.forEach === 'function' && !Array.isArray(headers)
      ? (() => { const list = []; headers.forEach((value, name) => list.push([name, value])); return list; })()
      : Array.isArray(headers) ? headers : Object.entries(headers);
    for (const [name, value] of pairs) out[name] = String(value);
    return out;
  };
  const fetchInit = (init) => {
    if (init === undefined || init === null) return {};
    const out = {};
    if (init.method !== undefined) out.method = String(init.method);
    if (init.headers !== undefined && init.headers !== null) out.headers = fetchHeaders(init.headers);
    const body = init.body;
    if (body !== undefined && body !== null) {
      if (typeof body === 'string') out.body = body;
      else if (ParamsClass && body instanceof ParamsClass) {
        out.body = body.toString();
        out.headers = out.headers ?? {};
        if (!Object.keys(out.headers).some((name) => name.toLowerCase() === 'content-type'))
          out.headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      } else if (body instanceof ArrayBuffer || ArrayBuffer.isView(body))
        out.body = new TextDecoder().decode(body instanceof ArrayBuffer ? new Uint8Array(body) : new Uint8Array(body.buffer, body.byteOffset, body.byteLength));
      else throw new TypeError('fetch: init.body must be a string, URLSearchParams or bytes');
    }
    return out;
  };
  const fetchRequest = async (input, init) => {
    if (!(RequestClass && input instanceof RequestClass)) return [String(input), fetchInit(init)];
    const method = init && init.method !== undefined ? String(init.method) : input.method;
    const fromRequest = { method, headers: input.headers };
    if (method !== 'GET' && method !== 'HEAD') fromRequest.body = await input.clone().text();
    const given = init ?? {};
    return [input.url, fetchInit({ ...fromRequest, ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) })];
  };
  const toResponse = (answer) => {
    if (ResponseClass) {
      return new ResponseClass(answer.body, {
        status: answer.status,
        statusText: answer.statusText,
        headers: answer.headers,
        [Symbol.for('tickwork.response.url')]: answer.url,
      });
    }
    const headers = new Map();
    for (const [name, value] of answer.headers) {
      const key = name.toLowerCase();
      headers.set(key, headers.has(key) ? headers.get(key) + ', ' + value : value);
    }
    const headerName = (name) => String(name).toLowerCase();
    return Object.freeze({
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      statusText: answer.statusText,
      url: answer.url,
      headers: Object.freeze({
        get: (name) => headers.get(headerName(name)) ?? null,
        has: (name) => headers.has(headerName(name)),
      }),
      text: async () => answer.body,
      json: async () => parse(answer.body),
    });
  };
  // Network failures reject with a TypeError, as WHATWG fetch does; an aborted signal rejects with its reason.
  const taskFetch = async (input, init) => {
    const signal = (init && init.signal) || (RequestClass && input instanceof RequestClass ? input.signal : undefined);
    if (signal && signal.aborted) throw signal.reason;
    const [url, request] = await fetchRequest(input, init);
    const pending = fetchRef.apply(undefined, [url, request], bridge).then((answer) => {
      if (!answer.ok) throw new TypeError(answer.message);
      return toResponse(answer.response);
    });
    if (!signal || typeof signal.addEventListener !== 'function') return pending;
    return race([pending, new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)))]);
  };
  globalThis.fetch = taskFetch;

  // Timers: a callback that throws ends the run as the task's own throw would.
  let timerCallbackError = null;
  let timerCallbackFailed;
  const timerCallbackThrew = new Promise((resolve) => { timerCallbackFailed = resolve; });
  const stopTimers = (${GUEST_TIMERS})(sleepRef, cancelRef, input.maxPendingTimers, (error) => {
    if (timerCallbackError) return;
    timerCallbackError = { error };
    timerCallbackFailed();
  });

  const deepFreeze = (value) => {
    if (value && typeof value === 'object') {
      for (const key of Object.keys(value)) deepFreeze(value[key]);
      Object.freeze(value);
    }
    return value;
  };
  const ctx = Object.freeze({
    args: input.args,
    storage,
    secrets,
    chain,
    fetch: taskFetch,
    log,
    execution: Object.freeze(input.execution),
    trigger: deepFreeze(input.trigger),
  });
  const isTask = (value) =>
    typeof value === 'object' && value !== null && value.__tickworkTask === 1 && typeof value.run === 'function';

  const callback = input.callback;

  return async function run(namespace) {
    const task = namespace.default;
    if (!isTask(task)) return { status: 'not_a_task' };
    if (callback && typeof task[callback.name] !== 'function') return { status: 'callback_missing' };
    let result;
    try {
      const started = callback ? task[callback.name](ctx, Object.freeze(callback.event)) : task.run(ctx);
      result = await race([started, timerCallbackThrew]);
    }
    catch (error) { return { status: 'threw', message: messageOf(error) }; }
    // The run is over: timers still waiting never fire.
    finally { stopTimers(); }
    if (timerCallbackError) return { status: 'threw', message: messageOf(timerCallbackError.error) + ' (in a timer callback)' };
    // A callback's return value is ignored: it cannot ask for calls.
    if (callback) return { status: 'callback_done', storage: storageTouched ? storageJson() : null };
    let resultJson;
    try { resultJson = toJson(result); }
    catch (error) { return { status: 'unserializable', message: messageOf(error) }; }
    return { status: 'done', result: resultJson, storage: storageTouched ? storageJson() : null };
  };
}`;
