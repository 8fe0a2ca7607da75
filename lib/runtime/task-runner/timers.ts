import ivm from 'isolated-vm';

/**
 * The host half of the guest's setTimeout and setInterval (see guest-timers.ts): one sleep per waiting timer.
 * A sleep lasts min(delay, remaining wall time) and answers true only when the whole delay passed; false
 * means it was cut short, and the guest then drops the timer unfired. Cut by the wall limit, it ends together
 * with the watchdog, which is about to dispose the isolate: the callback must not run early in between.
 * Sleeps are unref'd and all ended with the run, so none outlives it or keeps the process alive.
 */
export function hostTimers(remainingMs: () => number, maxPending: number) {
  const sleeping = new Map<number, { handle: NodeJS.Timeout; wake: (slept: boolean) => void }>();
  const cancel = (timerId: unknown) => {
    const sleep = sleeping.get(Number(timerId));
    if (!sleep) return;
    clearTimeout(sleep.handle);
    sleeping.delete(Number(timerId));
    sleep.wake(false);
  };
  const sleep = (timerId: unknown, delayMs: unknown): Promise<boolean> => {
    const id = Number(timerId);
    cancel(id);
    // The guest keeps to the cap itself; this only stops a guest that got around it.
    if (sleeping.size >= maxPending) return Promise.resolve(false);
    const delay = Math.max(0, Number(delayMs) || 0);
    const remaining = remainingMs();
    return new Promise((wake) => {
      const handle = setTimeout(
        () => {
          sleeping.delete(id);
          wake(delay < remaining);
        },
        Math.min(delay, remaining),
      );
      handle.unref();
      sleeping.set(id, { handle, wake });
    });
  };
  return {
    sleep: new ivm.Reference(sleep),
    cancel: new ivm.Reference(cancel),
    /**
     * Ends every sleep at the end of the run, answering false. Called once the isolate is disposed, so no
     * callback can run; answering rather than dropping leaves no bridge call pending on the host side.
     */
    stopAll() {
      for (const id of [...sleeping.keys()]) cancel(id);
    },
  };
}
