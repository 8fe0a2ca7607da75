import { registered } from './registry';
import type { FailHandler, RunHandler, SuccessHandler } from './types';

const requireFunction = (api: string, handler: unknown) => {
  if (typeof handler !== 'function')
    throw new TypeError(`Web3Function.${api}: the handler must be a function`);
};

/**
 * Gelato's `Web3Function` as a task sees it: a place to register the handlers. Tickwork runs them (the bundler's
 * wrapper turns them into a Tickwork task); nothing here listens or exits.
 */
// biome-ignore lint/complexity/noStaticOnlyClass: Gelato's API is this class with static methods
export class Web3Function {
  static #instance: Web3Function | undefined;
  static #debug = false;

  static getInstance(): Web3Function {
    Web3Function.#instance ??= new Web3Function();
    return Web3Function.#instance;
  }

  static onRun(handler: RunHandler): void {
    requireFunction('onRun', handler);
    registered.onRun = handler as never;
  }

  static onSuccess(handler: SuccessHandler): void {
    requireFunction('onSuccess', handler);
    registered.onSuccess = handler as never;
  }

  static onFail(handler: FailHandler): void {
    requireFunction('onFail', handler);
    registered.onFail = handler as never;
  }

  /** With debug on, the layer logs each storage and secrets access, as Gelato's does. */
  static setDebug(debug: boolean): void {
    Web3Function.#debug = Boolean(debug);
  }

  static get debug(): boolean {
    return Web3Function.#debug;
  }
}
