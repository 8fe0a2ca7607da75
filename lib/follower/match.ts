import { and, eq, inArray, sql } from 'drizzle-orm';
import { getAddress } from 'viem';
import type { DbOrTx } from '@/db/client';
import { executables } from '@/db/schema';
import type { BlockTrigger, EventTrigger } from '@/db/schema/executables';
import type { TriggerPayload } from '@/db/schema/triggers';
import type { BlockHeader, LogFilter, RpcLog } from './rpc';

export type Watched =
  | { executableId: string; trigger: EventTrigger }
  | { executableId: string; trigger: BlockTrigger };

/** The active executables whose event or block trigger follows `chainId`. */
export async function watchedOn(db: DbOrTx, chainId: number): Promise<Watched[]> {
  const rows = await db
    .select({ id: executables.id, trigger: executables.trigger })
    .from(executables)
    .where(
      and(
        eq(executables.state, 'active'),
        inArray(sql`${executables.trigger}->>'type'`, ['event', 'block']),
        sql`(${executables.trigger}->>'chainId')::int = ${chainId}`,
      ),
    );
  return rows.map((r) => ({ executableId: r.id, trigger: r.trigger }) as Watched);
}

/** The chain ids that at least one active event or block trigger follows. */
export async function followedChainIds(db: DbOrTx): Promise<number[]> {
  const rows = await db.execute<{ chain_id: number }>(sql`
    select distinct (trigger->>'chainId')::int as chain_id from executables
     where state = 'active' and trigger->>'type' in ('event', 'block')`);
  return rows.map((r) => Number(r.chain_id));
}

/**
 * One `eth_getLogs` filter covering every event trigger of a chain: the union of their addresses, and the union
 * of their topic0s (each trigger has one); null when there is no event trigger.
 */
export function unionFilter(watched: Watched[]): LogFilter | null {
  const events = watched.flatMap((w) => (w.trigger.type === 'event' ? [w.trigger] : []));
  if (events.length === 0) return null;
  const addresses = new Set(events.flatMap((t) => t.addresses.map((a) => a.toLowerCase())));
  const topic0 = new Set<string>();
  for (const t of events) {
    const first = t.topics[0];
    if (first === null || first === undefined) return { addresses: [...addresses], topic0: null };
    for (const v of Array.isArray(first) ? first : [first]) topic0.add(v.toLowerCase());
  }
  return { addresses: [...addresses], topic0: [...topic0] };
}

/** Whether a log matches an event trigger: one of its addresses, and each topic position it constrains. */
export function logMatches(trigger: EventTrigger, log: { address: string; topics: string[] }): boolean {
  const address = log.address.toLowerCase();
  if (!trigger.addresses.some((a) => a.toLowerCase() === address)) return false;
  return trigger.topics.every((want, i) => {
    if (want === null) return true;
    const got = log.topics[i]?.toLowerCase();
    if (got === undefined) return false;
    return Array.isArray(want) ? want.some((w) => w.toLowerCase() === got) : want.toLowerCase() === got;
  });
}

export const logPayload = (log: RpcLog): TriggerPayload & { kind: 'log' } => ({
  kind: 'log',
  address: getAddress(log.address),
  topics: log.topics.map((t) => t.toLowerCase()),
  data: log.data,
  blockNumber: Number(BigInt(log.blockNumber)),
  blockHash: log.blockHash.toLowerCase(),
  transactionHash: log.transactionHash.toLowerCase(),
  transactionIndex: Number(BigInt(log.transactionIndex)),
  logIndex: Number(BigInt(log.logIndex)),
});

export const blockPayload = (block: BlockHeader): TriggerPayload & { kind: 'block' } => ({
  kind: 'block',
  blockNumber: block.number,
  blockHash: block.hash,
  timestamp: block.timestamp,
});
