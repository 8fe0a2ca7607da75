// The handlers a Gelato Web3 Function registers when its module loads (Web3Function.onRun/onSuccess/onFail).
// Kept apart from the public Web3Function class so that the task builder (task.ts) reads them without
// exposing anything new to the author.

export type Handlers = {
  onRun?: (ctx: never) => unknown;
  onSuccess?: (ctx: never) => unknown;
  onFail?: (ctx: never) => unknown;
};

export const registered: Handlers = {};
