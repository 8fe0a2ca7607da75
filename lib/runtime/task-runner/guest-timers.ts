/**
 * Evaluated inside the isolate by the bootstrap (see guest.ts): installs setTimeout, setInterval,
 * clearTimeout and clearInterval on globalThis, each timer waiting on one host sleep (see timers.ts), and
 * answers `stop`, which the run calls when the task settles. Callbacks run in the isolate; a callback that
 * throws is reported through `onCallbackError` (the run then fails, as an uncaught exception ends a Node
 * process). Ids are numbers, as in browsers; clearTimeout and clearInterval take either kind.
 */
export const GUEST_TIMERS = `function installTimers(sleepRef, cancelRef, maxPending, onCallbackError) {
  'use strict';
  const options = (fields) => Object.freeze(Object.assign(Object.create(null), fields));
  const sleepOptions = options({ arguments: options({ copy: true }), result: options({ promise: true, copy: true }) });
  const cancelOptions = options({ arguments: options({ copy: true }) });
  const apply = Reflect.apply;
  // Node's rule: a delay that is not a number from 1 to 2^31 - 1 ms is 1 ms.
  const delayOf = (delay) => {
    const ms = Math.trunc(Number(delay));
    return ms >= 1 && ms <= 2147483647 ? ms : 1;
  };

  const timers = new Map(); // id → { callback, args, intervalMs (undefined for a timeout) }
  let lastId = 0;
  let stopped = false;

  const wait = async (id, ms) => {
    let slept = false;
    try { slept = await sleepRef.apply(undefined, [id, ms], sleepOptions); } catch {}
    const timer = timers.get(id);
    if (stopped || timer === undefined) return;
    // Cut short by the wall limit: the run is about to be stopped, and the callback is not due yet.
    if (!slept) { timers.delete(id); return; }
    if (timer.intervalMs === undefined) timers.delete(id);
    try { apply(timer.callback, undefined, timer.args); }
    catch (error) { onCallbackError(error); return; }
    if (timer.intervalMs !== undefined && timers.get(id) === timer && !stopped) wait(id, timer.intervalMs);
  };

  const start = (name, repeats) => (callback, delay, ...args) => {
    if (typeof callback !== 'function') throw new TypeError(name + ': the callback must be a function');
    if (timers.size >= maxPending)
      throw new RangeError(name + ': at most ' + maxPending + ' timers can wait at once; clear the ones no longer needed');
    const id = ++lastId;
    if (stopped) return id;
    const ms = delayOf(delay);
    timers.set(id, { callback, args, intervalMs: repeats ? ms : undefined });
    wait(id, ms);
    return id;
  };
  const clear = (id) => {
    if (typeof id !== 'number' || !timers.delete(id)) return;
    cancelRef.applyIgnored(undefined, [id], cancelOptions);
  };

  globalThis.setTimeout = start('setTimeout', false);
  globalThis.setInterval = start('setInterval', true);
  globalThis.clearTimeout = clear;
  globalThis.clearInterval = clear;

  return function stop() {
    stopped = true;
    timers.clear();
  };
}`;
