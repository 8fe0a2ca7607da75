// The watcher: sees every transaction a run signed through to an ending. Once a look (about a block apart), for
// each submitted run whose look is due, it asks the chain for the receipt of every hash the run broadcast and
// the sender's nonce, then, first match wins:
//   one of them is mined          → the run ends by that receipt (a mined cancellation: transaction_cancelled)
//   the nonce went to another     → failed transaction_dropped
//   the newest may not be sent    → sent again, the same bytes
//   a cancellation is out         → kept in the pools; unmined after two intervals the run ends submitted_unknown
//                                   (cancellation_pending) and is still watched
//   past the time-to-live, or out of replacements → the nonce is cleared by a self-transfer (the cancellation)
//   unmined for an interval       → re-priced at the same nonce (12.5 % up at least, under the ceiling), else
//                                   sent again as it is
//   gone from the node's pool     → sent again as it is (evicted, dropped, taken out by a reorg)
// A run sent to the chain's private endpoint stays there (replacements and cancellation too) until its fallback
// block: then its newest transaction also goes to the public mempool, and what follows goes public.
// Runs are claimed with SKIP LOCKED and a claim time every write is fenced by, so two instances never sign two
// replacements of one transaction. docs/executions.md#transaction-lifecycle
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  type Address,
  formatUnits,
  type Hex,
  type PublicClient,
  TransactionNotFoundError,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from 'viem';
import type { Db } from '@/db/client';
import { executions } from '@/db/schema';
import { publicClientFor } from '@/lib/chains/client';
import type { ChainConfig } from '@/lib/chains/config';
import { type FeePolicy, feePolicyOf } from '@/lib/chains/fee-policy';
import { cancellationBid, effectiveCap, type Fees, type Market, replacementBid } from '@/lib/chains/fees';
import { readMarket } from '@/lib/chains/market';
import { receiptReader } from '@/lib/chains/submitters';
import { routeClient } from '@/lib/chains/submitters/private-route';
import { type Resigned, signCancellation, signReplacement } from '@/lib/chains/submitters/resign';
import { sendRaw } from '@/lib/chains/submitters/send';
import { SubmissionError } from '@/lib/chains/submitters/types';
import { releaseHoldsWhereFeesFell } from '@/lib/executables/fee-hold';
import { log } from '@/lib/log';
import {
  type Broadcast,
  broadcastsOf,
  markRefused,
  markSent,
  markSentPublicly,
  recordBroadcast,
} from './broadcasts';
import { receiptEnding } from './confirm';
import { loadRunContext, type RunContext } from './context';
import { type Ending, failed, finishExecution } from './finish';

/** Runs looked at per tick, and how long a claim keeps other instances off a run. */
const BATCH = 20;
const CLAIM_MS = 20_000;
/** How long one look waits for the chain. */
const LOOK_TIMEOUT_MS = 5_000;
/** A cancellation unmined this many intervals after it was sent: the run ends submitted_unknown. */
const CANCEL_WAIT_INTERVALS = 2;

const WATCHED_STATUSES = ['submitted', 'submitted_unknown'] as const;

/** One watcher tick: claims the runs due for a look and looks at each. Answers how many it looked at. */
export async function watchTick(db: Db): Promise<number> {
  const claim = new Date(Date.now() + CLAIM_MS);
  const due = await db.execute<{ id: string }>(sql`
    update executions set watch_at = ${claim.toISOString()}::timestamptz
     where id in (select id from executions
                   where status in ('submitted', 'submitted_unknown') and watch_at <= now()
                   order by watch_at limit ${BATCH} for update skip locked)
    returning id`);
  await Promise.all(
    [...due].map(({ id }) =>
      watchRun(db, id, claim).catch((error: unknown) => {
        log.warn({ err: error, executionId: id }, 'watching a transaction failed; it is looked at again');
      }),
    ),
  );
  await releaseHoldsWhereFeesFell(db);
  return due.length;
}

class Fenced extends Error {}

async function watchRun(db: Db, executionId: string, claim: Date) {
  const ctx = await loadRunContext(db, executionId);
  const rows = (await broadcastsOf(db, [executionId])).get(executionId) ?? [];
  if (!ctx?.chain || rows.length === 0 || !ctx.profile.encryptedKey) {
    await unwatch(db, executionId); // not a transaction this watcher can see through (gone, or not ours)
    return;
  }
  const policy = feePolicyOf(ctx.chain);
  const client = publicClientFor(ctx.chain, { timeoutMs: LOOK_TIMEOUT_MS });
  const look = new Look(db, ctx, rows, claim, policy, client);
  await look.decide();
}

/** Clears a run's look: it is no longer watched. */
const unwatch = (db: Db, executionId: string) =>
  db.update(executions).set({ watchAt: null }).where(eq(executions.id, executionId));

class Look {
  private readonly first: Broadcast;
  private readonly newest: Broadcast;
  private readonly sender: Address;
  private readonly nonce: number;
  /** Sent privately and not yet fallen back to the public mempool: the public node may not know it. */
  private readonly privately: boolean;

  constructor(
    private readonly db: Db,
    private readonly ctx: RunContext,
    private readonly rows: Broadcast[],
    private readonly claim: Date,
    private readonly policy: FeePolicy,
    private readonly client: PublicClient,
  ) {
    this.first = rows[0];
    this.newest = rows[rows.length - 1];
    this.sender = this.first.sender as Address;
    this.nonce = this.first.nonce;
    this.privately = this.newest.route === 'private' && rows.every((row) => row.publicAt === null);
  }

  private get executionId() {
    return this.ctx.execution.id;
  }

  async decide() {
    // The count first: a nonce used while no hash of ours has a receipt is someone else's transaction.
    const used = await this.client.getTransactionCount({ address: this.sender, blockTag: 'latest' });
    // No receipt yet is null; a node that did not answer ends this look (it is looked at again).
    const receipts = await Promise.all(
      this.rows.map((row) =>
        this.client.getTransactionReceipt({ hash: row.txHash as Hex }).catch((error: unknown) => {
          if (error instanceof TransactionReceiptNotFoundError) return null;
          throw error;
        }),
      ),
    );
    const minedIndex = receipts.findIndex((r) => r !== null);
    if (minedIndex >= 0)
      return this.endMined(this.rows[minedIndex], receipts[minedIndex] as TransactionReceipt);
    if (used > this.nonce)
      return this.end(
        failed(
          'transaction_dropped',
          `nonce ${this.nonce} of ${this.sender} was used by a transaction Tickwork did not send; none of this run's ${this.rows.length} transaction${this.rows.length === 1 ? '' : 's'} was mined`,
        ),
      );

    const now = Date.now();
    const cancellation = this.rows.find((row) => row.kind === 'cancellation');
    if (this.newest.state === 'signed')
      await this.send(this.newest); // maybe never sent (a process stopped)
    else if (await this.dueForPublic()) await this.fallBackToPublic();
    else if (cancellation) await this.keepCancelling(cancellation, now);
    else if (this.dueForCancellation(now)) await this.cancel();
    else if (now >= acceptedAt(this.newest) + this.policy.replacementIntervalMs) await this.replace();
    else if (!this.privately && (await this.goneFromPool(this.newest))) await this.send(this.newest); // evicted, dropped, reorged out
    await this.lookAgainIn(this.policy.lookIntervalMs);
  }

  /** Sent privately and not mined by its fallback block. */
  private async dueForPublic() {
    const after = this.newest.publicAfterBlock;
    if (!this.privately || after === null) return false;
    return (await this.client.getBlockNumber()) >= BigInt(after);
  }

  /** The newest transaction also goes to the public mempool, as it is; what the run sends next goes public. */
  private async fallBackToPublic() {
    try {
      await sendRaw(this.client, this.newest.raw as Hex, this.newest.txHash as Hex);
    } catch (error) {
      if (!(error instanceof SubmissionError)) throw error;
      return; // not taken: still private, tried again at the next look
    }
    await markSentPublicly(this.db, this.executionId, this.newest.txHash);
  }

  private dueForCancellation(now: number) {
    const replacements = this.rows.filter((row) => row.kind === 'replacement').length;
    return (
      now >= acceptedAt(this.first) + this.policy.ttlMs ||
      (replacements >= this.policy.maxReplacements &&
        now >= acceptedAt(this.newest) + this.policy.replacementIntervalMs)
    );
  }

  private cap(gasLimit: string) {
    const { executable } = this.ctx;
    return effectiveCap(
      {
        maxFeePerGas:
          executable.maxFeePerGas !== null ? BigInt(executable.maxFeePerGas) : this.policy.defaultCap,
        maxCostPerRun: executable.maxCostPerRun !== null ? BigInt(executable.maxCostPerRun) : null,
      },
      BigInt(gasLimit),
    );
  }

  private readMarket(): Promise<Market> {
    return readMarket(this.client, this.policy);
  }

  /** Re-priced at the same nonce; when that does not fit under the ceiling, the newest is sent again as it is. */
  private async replace() {
    const market = await this.readMarket();
    const fees = replacementBid(
      feesOf(this.newest),
      market,
      this.policy.baseFeeMultiplierPercent,
      this.cap(this.newest.gasLimit),
    );
    if (!fees) {
      if (BigInt(this.newest.maxFeePerGas) >= market.baseFee) await this.send(this.newest);
      return;
    }
    const resigned = await signReplacement(this.key(), this.sender, this.newest.raw as Hex, fees);
    await this.recordAndSend('replacement', resigned);
  }

  /** The nonce is cleared by a zero-value self-transfer out-bidding every transaction of the run, up to the cap. */
  private async cancel() {
    const market = await this.readMarket();
    const highest = this.rows.reduce((a, b) => (BigInt(b.maxFeePerGas) > BigInt(a.maxFeePerGas) ? b : a));
    const { fees } = cancellationBid(
      feesOf(highest),
      market,
      this.policy.baseFeeMultiplierPercent,
      this.cap(highest.gasLimit),
    );
    const resigned = await signCancellation(this.client, this.key(), this.sender, this.nonce, fees);
    await this.recordAndSend('cancellation', resigned);
  }

  /** A cancellation out: kept in the pools; too long unmined, the run ends submitted_unknown and stays watched. */
  private async keepCancelling(cancellation: Broadcast, now: number) {
    const since = acceptedAt(cancellation);
    const last = (cancellation.lastSentAt ?? cancellation.createdAt).getTime();
    if (now >= last + this.policy.replacementIntervalMs) await this.send(cancellation);
    if (
      this.ctx.execution.status !== 'submitted' ||
      now < since + CANCEL_WAIT_INTERVALS * this.policy.replacementIntervalMs
    )
      return;
    await finishExecution(this.db, this.executionId, {
      status: 'submitted_unknown',
      keepWatching: true,
      error: {
        code: 'cancellation_pending',
        message: `not mined in time; the self-transfer ${cancellation.txHash} that clears nonce ${this.nonce} at up to ${gwei(BigInt(cancellation.maxFeePerGas))} is not mined yet (the chain asks more): Tickwork keeps watching, and the account sends nothing else until it is`,
      },
    });
  }

  /** Whether the node no longer knows the transaction (neither pending nor mined: we saw no receipt). */
  private async goneFromPool(row: Broadcast) {
    try {
      await this.client.getTransaction({ hash: row.txHash as Hex });
      return false;
    } catch (error) {
      return error instanceof TransactionNotFoundError;
    }
  }

  private key() {
    return this.ctx.profile.encryptedKey as string;
  }

  /** Recorded under the claim first (a look that lost its claim signs nothing more), then sent. */
  private async recordAndSend(kind: 'replacement' | 'cancellation', resigned: Resigned) {
    // a run still in its private phase re-prices privately, with the same fallback block
    const route = this.privately
      ? { route: 'private' as const, publicAfterBlock: this.newest.publicAfterBlock }
      : { route: 'public' as const, publicAfterBlock: null };
    await this.db.transaction(async (tx) => {
      const [held] = await tx
        .select({ id: executions.id })
        .from(executions)
        .where(
          and(
            eq(executions.id, this.executionId),
            eq(executions.watchAt, this.claim),
            inArray(executions.status, [...WATCHED_STATUSES]),
          ),
        )
        .for('update');
      if (!held) throw new Fenced();
      await recordBroadcast(tx, { executionId: this.executionId, chainId: this.first.chainId }, kind, {
        txHash: resigned.txHash,
        nonce: this.nonce,
        signed: { ...resigned.signed, ...route },
      });
    });
    await this.send({
      txHash: resigned.txHash,
      raw: resigned.signed.raw,
      route: route.route,
      publicAt: null,
    });
  }

  /** Sent again along the route it took; once fallen back, to the public RPC. */
  private async send(row: Pick<Broadcast, 'txHash' | 'raw' | 'route' | 'publicAt'>) {
    const client =
      row.route === 'private' && row.publicAt === null
        ? routeClient(this.ctx.chain as ChainConfig, 'private', { timeoutMs: LOOK_TIMEOUT_MS })
        : this.client;
    try {
      await sendRaw(client, row.raw as Hex, row.txHash as Hex);
      await markSent(this.db, this.executionId, row.txHash);
    } catch (error) {
      if (!(error instanceof SubmissionError)) throw error;
      // unknown: it may be in a pool, and is sent again at a later look; refused: it holds nothing
      if (error.code === 'broadcast_failed')
        await markRefused(this.db, this.executionId, row.txHash, {
          code: error.code,
          message: error.message,
        });
    }
  }

  private async endMined(row: Broadcast, receipt: TransactionReceipt) {
    const figures = {
      txHash: row.txHash,
      gasUsed: receipt.gasUsed.toString(),
      effectiveGasPrice: receipt.effectiveGasPrice.toString(),
      blockNumber: Number(receipt.blockNumber),
    };
    if (row.kind === 'cancellation')
      return this.end({
        ...failed(
          'transaction_cancelled',
          `not mined within its time (${this.rows.length - 1} transaction${this.rows.length === 2 ? '' : 's'} at nonce ${this.nonce}, the last at ${gwei(BigInt(this.rows[this.rows.length - 2]?.maxFeePerGas ?? '0'))}); the nonce was cleared by the self-transfer ${row.txHash} and none of the run's calls ran`,
        ),
        ...figures,
      });
    // The profile's own reading of the receipt: a Safe's failed module call, a revert's reason.
    const { executable, profile, execution } = this.ctx;
    const confirmation = await receiptReader(
      {
        db: this.db,
        profile,
        gasMode: executable.gasMode,
        sponsorshipProvider: executable.sponsorshipProvider,
      },
      execution,
    ).confirm(row.txHash as Hex, LOOK_TIMEOUT_MS);
    if (confirmation.status === 'unknown') return; // looked at again
    return this.end(receiptEnding(confirmation));
  }

  private async end(ending: Ending) {
    const reconciled =
      this.ctx.execution.status === 'submitted_unknown' ? ({ reconciled: true } as const) : {};
    await finishExecution(this.db, this.executionId, {
      ...ending,
      ...(reconciled.reconciled && { error: ending.error ?? null }),
      ...reconciled,
    });
  }

  /** The next look, under this look's claim only. */
  private async lookAgainIn(ms: number) {
    await this.db
      .update(executions)
      .set({ watchAt: new Date(Date.now() + ms) })
      .where(and(eq(executions.id, this.executionId), eq(executions.watchAt, this.claim)));
  }
}

/**
 * When an endpoint first accepted the transaction (its signing, if none did yet): re-pricing, the time-to-live
 * and the cancellation's wait count from it, whatever was re-sent since.
 */
const acceptedAt = (row: Broadcast) => (row.sentAt ?? row.createdAt).getTime();

const feesOf = (row: Broadcast): Fees => ({
  maxFeePerGas: BigInt(row.maxFeePerGas),
  maxPriorityFeePerGas: BigInt(row.maxPriorityFeePerGas),
});

const gwei = (wei: bigint) => `${formatUnits(wei, 9)} gwei`;
