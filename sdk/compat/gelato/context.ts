import { BigNumber } from 'ethers5';
import { REQUESTS_REMAINING_METHOD } from '../../../lib/runtime/task-types';
import type { Json, TaskContext } from '../../index';
import { TaskChainProvider } from '../ethers5-provider';
import type {
  Web3FunctionContext,
  Web3FunctionEventContext,
  Web3FunctionStorage,
  Web3FunctionUserArgs,
} from './types';
import { Web3Function } from './web3-function';

/**
 * The key of the executable's storage (a JSON object) under which a Gelato task's storage lives, as one object
 * of string values: `{ "gelato": { "lastBlock": "123" } }`. Documented in docs/migrating.md.
 */
export const GELATO_STORAGE_KEY = 'gelato';

const unsupported = (api: string, why: string) =>
  new Error(`${api} is not supported by Tickwork's Gelato compatibility layer: ${why}`);

const debug = (ctx: TaskContext, message: string) => {
  if (Web3Function.debug) ctx.log.debug(`Web3Function: ${message}`);
};

function gelatoStorage(ctx: TaskContext): Web3FunctionStorage {
  let values: Record<string, string> | undefined;
  const load = async () => {
    if (values) return values;
    const stored = await ctx.storage.get(GELATO_STORAGE_KEY);
    if (stored === undefined || stored === null) values = {};
    else if (typeof stored === 'object' && !Array.isArray(stored)) {
      values = {};
      for (const [key, value] of Object.entries(stored)) {
        if (typeof value !== 'string')
          throw new Error(`Web3FunctionStorageError: storage "${GELATO_STORAGE_KEY}.${key}" is not a string`);
        values[key] = value;
      }
    } else
      throw new Error(
        `Web3FunctionStorageError: storage "${GELATO_STORAGE_KEY}" is not an object of strings`,
      );
    return values;
  };
  const save = (next: Record<string, string>) => ctx.storage.set(GELATO_STORAGE_KEY, next as Json);
  return {
    get: async (key) => {
      debug(ctx, `storage.get(${key})`);
      return (await load())[String(key)];
    },
    set: async (key, value) => {
      if (typeof value !== 'string')
        throw new Error(
          `Web3FunctionStorageError: storage.set("${String(key)}") takes a string value (got ${value === null ? 'null' : typeof value}); convert it first, e.g. String(n) or JSON.stringify(obj)`,
        );
      debug(ctx, `storage.set(${key},${value})`);
      const current = await load();
      current[String(key)] = value;
      await save(current);
    },
    delete: async (key) => {
      debug(ctx, `storage.delete(${key})`);
      const current = await load();
      if (!(String(key) in current)) return;
      delete current[String(key)];
      await save(current);
    },
    getKeys: async () => Object.keys(await load()),
    getSize: async () => new TextEncoder().encode(JSON.stringify(await load())).length,
  };
}

/**
 * Gelato's context over a Tickwork run: userArgs are the args, taskId the executable id, every chain request
 * (the gas price read here included) goes through `ctx.chain`, storage lives under GELATO_STORAGE_KEY.
 */
export async function gelatoContext(ctx: TaskContext): Promise<Web3FunctionContext> {
  const chainId = ctx.chain.id;
  const gasPrice = BigNumber.from(await ctx.chain.request<string>({ method: 'eth_gasPrice', params: [] }));
  let provider: TaskChainProvider | undefined;
  const defaultProvider = () => {
    provider ??= new TaskChainProvider(ctx.chain);
    return provider;
  };
  const context: Web3FunctionContext = {
    gelatoArgs: { chainId, gasPrice, taskId: ctx.execution.executableId },
    userArgs: ctx.args as Web3FunctionUserArgs,
    secrets: {
      get: async (key) => {
        debug(ctx, `secrets.get(${key})`);
        return ctx.secrets.get(key);
      },
    },
    storage: gelatoStorage(ctx),
    multiChainProvider: {
      default: defaultProvider,
      chainId: (id) => {
        if (Number(id) === chainId) return defaultProvider();
        throw unsupported(
          `multiChainProvider.chainId(${id})`,
          `a task reaches only its profile's chain (${chainId}); run one executable per chain`,
        );
      },
      nbRpcCallsRemaining: () => ctx.chain.request<number>({ method: REQUESTS_REMAINING_METHOD, params: [] }),
    },
  };
  // Event-triggered Web3 Functions read the triggering log (ethers' Log shape), from ctx.trigger. Other runs have
  // none: the getter says why. Not enumerable then, so spreading the context does not trip it.
  const trigger = ctx.trigger;
  if (trigger?.type === 'event') {
    const { event: _event, ...log } = trigger.log;
    (context as Web3FunctionEventContext).log = { ...log, topics: [...log.topics], removed: false };
  } else
    Object.defineProperty(context, 'log', {
      enumerable: false,
      get() {
        throw unsupported(
          'context.log outside an event-triggered run',
          'only an executable with an event trigger gets a log (this run was not started by one)',
        );
      },
    });
  return context;
}
