import { placeholderHash as placeholderHashOf } from '../../../lib/runtime/placeholder-hashes';
import type { Address, Hex, TaskCall, TaskContext } from '../../index';

/**
 * One Defender action run: the Tickwork context it runs in and the transactions its relayer collected. The
 * event's `credentials` marker names the run, so a client built from the event (`new Relayer(event)`,
 * `new Defender(event)`, `new KeyValueStoreClient(event)`) finds it.
 */
export type ActionRun = {
  readonly ctx: TaskContext;
  readonly credentials: string;
  /** The transactions sent through the relayer, in order: the run's calls. */
  readonly calls: TaskCall[];
  /** The placeholder hash of each collected transaction (same order as `calls`). */
  readonly hashes: Hex[];
  /** The key-value store's entries, loaded from storage at the first use (kvstore.ts). */
  kv?: Promise<Record<string, string>>;
};

const runs = new Map<string, ActionRun>();

/** The opaque `event.credentials` of a run: only this layer reads it. */
export const credentialsFor = (executionId: string) => `tickwork-defender:${executionId}`;

export function openRun(ctx: TaskContext): ActionRun {
  const run: ActionRun = { ctx, credentials: credentialsFor(ctx.execution.id), calls: [], hashes: [] };
  runs.set(run.credentials, run);
  return run;
}

export function closeRun(run: ActionRun) {
  runs.delete(run.credentials);
}

/** A Defender API this layer does not offer: the message names it. */
export class UnsupportedDefenderApi extends Error {
  constructor(api: string, why = 'Tickwork runs Defender actions without the Defender service') {
    super(`${api} is not supported on Tickwork: ${why} (docs/migrating.md, "From Defender Actions")`);
    this.name = 'UnsupportedDefenderApi';
  }
}

type ClientParams = { credentials?: unknown; apiKey?: unknown; apiSecret?: unknown; relayerApiKey?: unknown };

/**
 * The run a client was built for, from what the action passed (the event, or `{ credentials, relayerARN }`).
 * API keys (a relayer or team key of the Defender service) have nothing to reach here.
 */
export function runOf(params: unknown, client: string): ActionRun {
  const p = (typeof params === 'object' && params !== null ? params : {}) as ClientParams;
  if (typeof p.credentials === 'string') {
    const run = runs.get(p.credentials);
    if (run) return run;
    throw new Error(`${client}: these credentials belong to no running action; pass the handler's event`);
  }
  if (p.apiKey !== undefined || p.apiSecret !== undefined || p.relayerApiKey !== undefined) {
    throw new UnsupportedDefenderApi(
      `${client} with an API key and secret`,
      'the sender is your Tickwork profile; build the client from the handler’s event',
    );
  }
  throw new Error(`${client}: missing credentials; pass the handler's event (it carries credentials)`);
}

/**
 * The hash answered for the n-th transaction of a run. A placeholder, never on chain: Tickwork submits the
 * calls after the action returns, so the real hash is not known inside the run; the execution's message shows
 * the real one in its place once the run's transaction is known (lib/runtime/placeholder-hashes.ts).
 */
export const placeholderHash = (run: ActionRun, index: number): Hex =>
  placeholderHashOf(run.ctx.execution.id, index);

export const isPlaceholderHash = (run: ActionRun, hash: unknown) =>
  typeof hash === 'string' && run.hashes.includes(hash.toLowerCase() as Hex);

type Wei = bigint | string | number | { toString(): string } | null | undefined;

/** A transaction the relayer "sends": kept as a call of the run. Answers its index and placeholder hash. */
export function collect(
  run: ActionRun,
  api: string,
  tx: { to?: string | null; data?: string | null; value?: Wei },
): { index: number; hash: Hex; to: Address; data: Hex; value: string } {
  if (typeof tx.to !== 'string' || tx.to === '') {
    throw new UnsupportedDefenderApi(
      `${api} without "to" (a contract deployment)`,
      'Tickwork submits calls only',
    );
  }
  const to = tx.to as Address;
  const data = (tx.data ?? '0x') as Hex;
  const value = tx.value == null ? '0' : BigInt(tx.value.toString()).toString();
  const index = run.calls.length;
  const hash = placeholderHash(run, index);
  run.calls.push({ to, data, value });
  run.hashes.push(hash);
  return { index, hash, to, data, value };
}
