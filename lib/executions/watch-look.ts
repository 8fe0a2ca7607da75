// One look of the watcher (watch.ts) at one submitted run: what every look does, whatever the run signed. The
// chain is asked first (watch-transaction.ts, watch-user-operation.ts: one of the run's hashes mined, or its nonce
// gone elsewhere, ends the run); then, first match wins:
//   the newest may not be sent    → sent again, the same bytes
//   (a transaction's private phase over → it goes public too: watch-transaction.ts)
//   a cancellation is out         → kept sent; unmined after two intervals the run ends submitted_unknown
//                                   (cancellation_pending) and is still watched
//   past the time-to-live, or out of replacements → the nonce is cleared (the cancellation)
//   unmined for an interval       → re-priced at the same nonce (12.5 % up at least, under the ceiling), else
//                                   sent again as it is
//   otherwise                     → the envelope's own check (a transaction gone from the pool is sent again)
// Every replacement and cancellation is recorded under the look's claim before it is sent.
import { and, eq, inArray } from 'drizzle-orm';
import { formatUnits, type Hex } from 'viem';
import type { Db } from '@/db/client';
import type { BroadcastRoute } from '@/db/enums';
import { executions } from '@/db/schema';
import type { FeePolicy } from '@/lib/chains/fee-policy';
import { effectiveCap, type Fees } from '@/lib/chains/fees';
import { receiptReader } from '@/lib/chains/submitters';
import type { Resigned } from '@/lib/chains/submitters/resign';
import { SubmissionError } from '@/lib/chains/submitters/types';
import { type Broadcast, markRefused, markSent, recordBroadcast } from './broadcasts';
import { receiptEnding } from './confirm';
import type { RunContext } from './context';
import { type Ending, finishExecution } from './finish';

/** How long one request of a look (to the chain, a bundler, a paymaster) may take. */
export const LOOK_TIMEOUT_MS = 5_000;
/** A cancellation unmined this many intervals after it was sent: the run ends submitted_unknown. */
const CANCEL_WAIT_INTERVALS = 2;

export const WATCHED_STATUSES = ['submitted', 'submitted_unknown'] as const;

/** The claim of this look was lost (another instance looks at the run now): it signs nothing more. */
export class Fenced extends Error {}

/** Where a replacement or a cancellation goes; a transaction in its private phase stays private. */
export type Route = { route: BroadcastRoute; publicAfterBlock: number | null };

export abstract class RunLook {
  protected readonly first: Broadcast;
  protected readonly newest: Broadcast;
  protected readonly nonce: number;

  constructor(
    protected readonly db: Db,
    protected readonly ctx: RunContext,
    protected readonly rows: Broadcast[],
    protected readonly claim: Date,
    protected readonly policy: FeePolicy,
  ) {
    this.first = rows[0];
    this.newest = rows[rows.length - 1];
    this.nonce = this.first.nonce;
  }

  protected get executionId() {
    return this.ctx.execution.id;
  }

  /** What the cancellation is called in messages ("the self-transfer"). */
  protected abstract readonly cancellationName: string;
  /** Whether a pending cancellation keeps the account from sending anything else (a transaction nonce does). */
  protected abstract readonly cancellationBlocksAccount: boolean;

  /** Asks the chain: true when the run ended (one of its hashes mined, its nonce gone) or must be looked at anew. */
  protected abstract endedByChain(): Promise<boolean>;
  /** Sends a recorded broadcast (again), along the route it took. */
  protected abstract send(row: Pick<Broadcast, 'txHash' | 'raw' | 'route' | 'publicAt'>): Promise<void>;
  protected abstract replace(): Promise<void>;
  protected abstract cancel(): Promise<void>;
  /** Before the cancellation and re-pricing: true when it acted (a transaction going public at its fallback). */
  protected async preempt(): Promise<boolean> {
    return false;
  }
  /** Nothing else due: the envelope's own check. */
  protected async idle(): Promise<void> {}

  async decide() {
    if (await this.endedByChain()) return;
    const now = Date.now();
    const cancellation = this.rows.find((row) => row.kind === 'cancellation');
    if (this.newest.state === 'signed')
      await this.send(this.newest); // maybe never sent (a process stopped)
    else if (await this.preempt()) {
      // done for this look
    } else if (cancellation) await this.keepCancelling(cancellation, now);
    else if (this.dueForCancellation(now)) await this.cancel();
    else if (now >= acceptedAt(this.newest) + this.policy.replacementIntervalMs) await this.replace();
    else await this.idle();
    await this.lookAgainIn(this.policy.lookIntervalMs);
  }

  private dueForCancellation(now: number) {
    const replacements = this.rows.filter((row) => row.kind === 'replacement').length;
    return (
      now >= acceptedAt(this.first) + this.policy.ttlMs ||
      (replacements >= this.policy.maxReplacements &&
        now >= acceptedAt(this.newest) + this.policy.replacementIntervalMs)
    );
  }

  /** The cap per gas for `gasLimit`: the executable's caps, else the chain's default. */
  protected cap(gasLimit: string) {
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

  /** The highest-priced of the run's broadcasts: the one a cancellation must out-bid. */
  protected highest() {
    return this.rows.reduce((a, b) => (BigInt(b.maxFeePerGas) > BigInt(a.maxFeePerGas) ? b : a));
  }

  /** A cancellation out: kept sent; too long unmined, the run ends submitted_unknown and stays watched. */
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
        message: `not mined in time; ${this.cancellationName} ${cancellation.txHash} that clears nonce ${this.nonce} at up to ${gwei(BigInt(cancellation.maxFeePerGas))} is not mined yet (the chain asks more): Tickwork keeps watching${this.cancellationBlocksAccount ? ', and the account sends nothing else until it is' : ''}`,
      },
    });
  }

  /** Recorded under the claim first (a look that lost its claim signs nothing more), then sent. */
  protected async recordAndSend(
    kind: 'replacement' | 'cancellation',
    resigned: Resigned,
    route: Route = { route: 'public', publicAfterBlock: null },
  ) {
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

  /**
   * Sends a recorded broadcast through `transmit` and marks it sent; refused (`refusedCode`), it is marked so and
   * holds nothing; unanswered, it may be in a pool and is sent again at a later look.
   */
  protected async sendRecorded(txHash: string, transmit: () => Promise<void>, refusedCode: string) {
    try {
      await transmit();
      await markSent(this.db, this.executionId, txHash);
    } catch (error) {
      if (!(error instanceof SubmissionError)) throw error;
      if (error.code === refusedCode)
        await markRefused(this.db, this.executionId, txHash, { code: error.code, message: error.message });
    }
  }

  /**
   * Ends the run by the receipt of its mined `hash`, read the profile's own way (a Safe's failed module call, a
   * revert's reason); not readable yet, the run is looked at again.
   */
  protected async endByReceipt(hash: Hex, ending: Partial<Ending> = {}) {
    const { executable, profile, execution } = this.ctx;
    const confirmation = await receiptReader(
      {
        db: this.db,
        profile,
        gasMode: executable.gasMode,
        sponsorshipProvider: executable.sponsorshipProvider,
      },
      execution,
    ).confirm(hash, LOOK_TIMEOUT_MS);
    if (confirmation.status === 'unknown') return;
    await this.end({ ...receiptEnding(confirmation), ...ending });
  }

  /** The run's ending; from submitted_unknown it is a reconciliation (usage was counted then). */
  protected async end(ending: Ending) {
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
 * When an endpoint first accepted the broadcast (its signing, if none did yet): re-pricing, the time-to-live and
 * the cancellation's wait count from it, whatever was re-sent since.
 */
export const acceptedAt = (row: Broadcast) => (row.sentAt ?? row.createdAt).getTime();

export const feesOf = (row: Broadcast): Fees => ({
  maxFeePerGas: BigInt(row.maxFeePerGas),
  maxPriorityFeePerGas: BigInt(row.maxPriorityFeePerGas),
});

export const gwei = (wei: bigint) => `${formatUnits(wei, 9)} gwei`;
