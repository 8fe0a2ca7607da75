// The watcher's look at a run that sent its own transaction (watch-look.ts has what every look does): it asks
// the node for the receipt of every hash the run broadcast and the sender's count — one of them mined ends the
// run by its receipt (a mined cancellation: transaction_cancelled), a nonce another transaction used ends it
// failed transaction_dropped — and re-prices, cancels and re-sends through the node. A run sent to the chain's
// private endpoint stays there (replacements and cancellation too) until its fallback block: then its newest
// transaction also goes to the public mempool, and what follows goes public. docs/executions.md#transaction-lifecycle

import {
  type Address,
  type Hex,
  type PublicClient,
  TransactionNotFoundError,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from 'viem';
import type { Db } from '@/db/client';
import type { ChainConfig } from '@/lib/chains/config';
import type { FeePolicy } from '@/lib/chains/fee-policy';
import { cancellationBid, type Market, replacementBid } from '@/lib/chains/fees';
import { readMarket } from '@/lib/chains/market';
import { routeClient } from '@/lib/chains/submitters/private-route';
import { signCancellation, signReplacement } from '@/lib/chains/submitters/resign';
import { sendRaw } from '@/lib/chains/submitters/send';
import { SubmissionError } from '@/lib/chains/submitters/types';
import { plural } from '@/lib/plural';
import { type Broadcast, markSentPublicly } from './broadcasts';
import type { RunContext } from './context';
import { failed } from './finish';
import { feesOf, gwei, LOOK_TIMEOUT_MS, RunLook } from './watch-look';

/** A look at a run that sent its own transaction, through the chain's node. */
export class TransactionLook extends RunLook {
  protected readonly cancellationName = 'the self-transfer';
  protected readonly cancellationBlocksAccount = true;
  private readonly sender: Address;
  /** Sent privately and not yet fallen back to the public mempool: the public node may not know it. */
  private readonly privately: boolean;

  constructor(
    db: Db,
    ctx: RunContext,
    rows: Broadcast[],
    claim: Date,
    policy: FeePolicy,
    private readonly client: PublicClient,
  ) {
    super(db, ctx, rows, claim, policy);
    this.sender = this.first.sender as Address;
    this.privately = this.newest.route === 'private' && rows.every((row) => row.publicAt === null);
  }

  protected async endedByChain() {
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
    if (minedIndex >= 0) {
      await this.endMined(this.rows[minedIndex], receipts[minedIndex] as TransactionReceipt);
      return true;
    }
    if (used <= this.nonce) return false;
    await this.end(
      failed(
        'transaction_dropped',
        `nonce ${this.nonce} of ${this.sender} was used by a transaction Tickwork did not send; none of this run's ${plural(this.rows.length, 'transaction')} was mined`,
      ),
    );
    return true;
  }

  /** Sent privately and not mined by its fallback block: it goes public too. */
  protected async preempt() {
    const after = this.newest.publicAfterBlock;
    if (!this.privately || after === null) return false;
    if ((await this.client.getBlockNumber()) < BigInt(after)) return false;
    await this.fallBackToPublic();
    return true;
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

  private readMarket(): Promise<Market> {
    return readMarket(this.client, this.policy);
  }

  /** A run still in its private phase re-prices and cancels privately, with the same fallback block. */
  private route() {
    return this.privately
      ? { route: 'private' as const, publicAfterBlock: this.newest.publicAfterBlock }
      : { route: 'public' as const, publicAfterBlock: null };
  }

  /** Re-priced at the same nonce; when that does not fit under the ceiling, the newest is sent again as it is. */
  protected async replace() {
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
    await this.recordAndSend('replacement', resigned, this.route());
  }

  /** The nonce is cleared by a zero-value self-transfer out-bidding every transaction of the run, up to the cap. */
  protected async cancel() {
    const market = await this.readMarket();
    const highest = this.highest();
    const { fees } = cancellationBid(
      feesOf(highest),
      market,
      this.policy.baseFeeMultiplierPercent,
      this.cap(highest.gasLimit),
    );
    const resigned = await signCancellation(this.client, this.key(), this.sender, this.nonce, fees);
    await this.recordAndSend('cancellation', resigned, this.route());
  }

  /** Evicted, dropped, taken out by a reorg: the public node no longer knows it, so it is sent again. */
  protected async idle() {
    if (!this.privately && (await this.goneFromPool(this.newest))) await this.send(this.newest);
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

  /** Sent again along the route it took; once fallen back, to the public RPC. */
  protected async send(row: Pick<Broadcast, 'txHash' | 'raw' | 'route' | 'publicAt'>) {
    const client =
      row.route === 'private' && row.publicAt === null
        ? routeClient(this.ctx.chain as ChainConfig, 'private', { timeoutMs: LOOK_TIMEOUT_MS })
        : this.client;
    await this.sendRecorded(
      row.txHash,
      () => sendRaw(client, row.raw as Hex, row.txHash as Hex),
      'broadcast_failed',
    );
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
          `not mined within its time (${plural(this.rows.length - 1, 'transaction')} at nonce ${this.nonce}, the last at ${gwei(BigInt(this.rows[this.rows.length - 2]?.maxFeePerGas ?? '0'))}); the nonce was cleared by the self-transfer ${row.txHash} and none of the run's calls ran`,
        ),
        ...figures,
      });
    return this.endByReceipt(row.txHash as Hex);
  }
}
