/**
 * Waits before a poll's next look: 50 ms after the first, doubling to at most 500 ms. Most waits end within a
 * few looks; a long one (a fault test waiting out a block time or a restart) looks twice a second instead of ten
 * times. A look over the API costs the app about 8 ms of CPU and the test about 3 ms, and the suites run on two
 * cores, so a tight poll slows every other test running beside it.
 */
export const pollPause = (looks: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.min(50 * 2 ** looks, 500)));
