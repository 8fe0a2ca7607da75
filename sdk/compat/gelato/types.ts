import type { BigNumber, providers } from 'ethers5';

// The types a Gelato Web3 Function imports from `@gelatonetwork/web3-functions-sdk`, as its documentation
// describes them (written here; docs/migrating.md lists what differs on Tickwork).

export type Web3FunctionUserArgs = {
  [key: string]: string | number | boolean | string[] | number[] | boolean[];
};

export type Web3FunctionResultCallData = { to: string; data: string; value?: string };

export type Web3FunctionResultV1 = { canExec: true; callData: string } | { canExec: false; message: string };
export type Web3FunctionResultV2 =
  | { canExec: true; callData: Web3FunctionResultCallData[] }
  | { canExec: false; message: string };
export type Web3FunctionResult = Web3FunctionResultV1 | Web3FunctionResultV2;

export interface Web3FunctionMultiChainProvider {
  /** The provider of the task's chain (the profile's chain on Tickwork). */
  default(): providers.StaticJsonRpcProvider;
  /** The provider of `chainId`; on Tickwork only the profile's chain is reachable. */
  chainId(chainId: number): providers.StaticJsonRpcProvider;
  /** Chain requests this run may still make. */
  nbRpcCallsRemaining(): Promise<number>;
}

export interface Web3FunctionStorage {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
  getKeys(): Promise<string[]>;
  getSize(): Promise<number>;
}

export interface Web3FunctionContext {
  gelatoArgs: { chainId: number; gasPrice: BigNumber; taskId?: string };
  multiChainProvider: Web3FunctionMultiChainProvider;
  userArgs: Web3FunctionUserArgs;
  secrets: { get(key: string): Promise<string | undefined> };
  storage: Web3FunctionStorage;
}

/** ethers v5's `providers.Log`: the log an event-triggered Web3 Function runs for. */
export type Web3FunctionLog = {
  blockNumber: number;
  blockHash: string;
  transactionIndex: number;
  removed: boolean;
  address: string;
  data: string;
  topics: string[];
  transactionHash: string;
  logIndex: number;
};

/** The context of an event-triggered Web3 Function (Tickwork: an executable with an event trigger). */
export interface Web3FunctionEventContext extends Web3FunctionContext {
  log: Web3FunctionLog;
}

export interface Web3FunctionSuccessContext extends Web3FunctionContext {
  transactionHash?: string;
}

export type FailReason = 'InsufficientFunds' | 'SimulationFailed' | 'ExecutionReverted';

export interface Web3FunctionSimulationFailContext extends Web3FunctionContext {
  reason: 'SimulationFailed';
  callData: Web3FunctionResultCallData[];
}
export interface Web3FunctionExecutionRevertedContext extends Web3FunctionContext {
  reason: 'ExecutionReverted';
  transactionHash: string;
}
export interface Web3FunctionInsufficientFundsContext extends Web3FunctionContext {
  reason: 'InsufficientFunds';
}
export type Web3FunctionFailContext =
  | Web3FunctionSimulationFailContext
  | Web3FunctionExecutionRevertedContext
  | Web3FunctionInsufficientFundsContext;

export type RunHandler = (ctx: Web3FunctionContext) => Promise<Web3FunctionResult>;
export type SuccessHandler = (ctx: Web3FunctionSuccessContext) => Promise<void>;
export type FailHandler = (ctx: Web3FunctionFailContext) => Promise<void>;

export enum Web3FunctionVersion {
  V1_0_0 = '1.0.0',
  V2_0_0 = '2.0.0',
}

export enum Web3FunctionExecutionMode {
  SEQUENTIAL = 'sequential',
  PARALLEL = 'parallel',
}

export type Web3FunctionUserArgsSchema = {
  [key: string]: 'string' | 'number' | 'boolean' | 'string[]' | 'number[]' | 'boolean[]';
};

export interface Web3FunctionSchema {
  web3FunctionVersion: Web3FunctionVersion;
  runtime: string;
  memory: number;
  timeout: number;
  userArgs: Web3FunctionUserArgsSchema;
  executionMode?: Web3FunctionExecutionMode;
  eventRetryInterval?: number;
  eventRetryTtl?: number;
}
