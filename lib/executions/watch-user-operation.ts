// The watcher's look at a run that sent an ERC-4337 user operation (gas modes `sponsored`, `self-funded`;
// watch-look.ts has what every look does). It asks the bundler for the receipt of every operation the run
// signed and the EntryPoint for the account's nonce under the run's key: one of them included ends the run by its
// receipt (the included cancellation: transaction_cancelled), a nonce another operation used ends it failed
// transaction_dropped. An operation the bundler has not included for an interval is re-priced at the same nonce
// (both fees 12.5 % up, the bundler asks 10 %; the paymaster signs the new fees again); past the time-to-live or
// out of replacements, the empty batch at that nonce out-bids them (the cancellation). A bundler has no standard
// way to say it dropped an operation, so there is no pool check: the interval re-prices or re-sends it anyway.
// docs/executions.md#user-operations

import type { Hex } from 'viem';
import type { UserOperationReceipt } from 'viem/account-abstraction';
import type { ChainConfig } from '@/lib/chains/config';
import { cancellationBid, replacementBid } from '@/lib/chains/fees';
import { type UserOperationKeeper, userOperationKeeper } from '@/lib/chains/submitters/resign-user-operation';
import { parseOperation } from '@/lib/chains/submitters/user-operation-bundler';
import { plural } from '@/lib/plural';
import type { Broadcast } from './broadcasts';
import { failed } from './finish';
import { feesOf, LOOK_TIMEOUT_MS, RunLook } from './watch-look';

/** The bundler's price is the whole bid (its max fee already has the base fee's room): no multiplier on top. */
const AS_PRICED_PERCENT = 100n;

export class UserOperationLook extends RunLook {
  protected readonly cancellationName = 'the empty user operation';
  protected readonly cancellationBlocksAccount = false;
  private keeperOf: UserOperationKeeper | null = null;

  /** The bundler the run's operations go back to (built once per look). */
  private keeper() {
    this.keeperOf ??= userOperationKeeper({
      chain: this.ctx.chain as ChainConfig,
      encryptedKey: this.ctx.profile.encryptedKey as string,
      sponsorshipProvider: this.ctx.executable.sponsorshipProvider,
      raw: this.first.raw,
      timeoutMs: LOOK_TIMEOUT_MS,
    });
    return this.keeperOf;
  }

  protected async endedByChain() {
    const keeper = this.keeper();
    // The nonce first: moved while no operation of ours has a receipt, it went to someone else's.
    const used = await keeper.nonceUsed(parseOperation(this.first.raw));
    const receipts = await Promise.all(this.rows.map((row) => keeper.receipt(row.txHash as Hex)));
    const includedIndex = receipts.findIndex((r) => r !== null);
    if (includedIndex >= 0) {
      await this.endIncluded(this.rows[includedIndex], receipts[includedIndex] as UserOperationReceipt);
      return true;
    }
    if (!used) return false;
    await this.end(
      failed(
        'transaction_dropped',
        `nonce ${this.nonce} of ${this.first.sender} (the run's EntryPoint key) was used by a user operation Tickwork did not send; none of this run's ${plural(this.rows.length, 'user operation')} was included`,
      ),
    );
    return true;
  }

  /** Re-priced at the same nonce; when that does not fit under the ceiling, the newest is sent again as it is. */
  protected async replace() {
    const keeper = this.keeper();
    const fees = replacementBid(
      feesOf(this.newest),
      await keeper.market(),
      AS_PRICED_PERCENT,
      this.cap(this.newest.gasLimit),
    );
    if (!fees) return this.send(this.newest);
    await this.recordAndSend('replacement', await keeper.replacement(this.newest.raw, fees));
  }

  /** The empty batch at the nonce, out-bidding every operation of the run, up to the cap. */
  protected async cancel() {
    const keeper = this.keeper();
    const highest = this.highest();
    const { fees } = cancellationBid(
      feesOf(highest),
      await keeper.market(),
      AS_PRICED_PERCENT,
      this.cap(highest.gasLimit),
    );
    await this.recordAndSend('cancellation', await keeper.cancellation(this.newest.raw, fees));
  }

  protected async send(row: Pick<Broadcast, 'txHash' | 'raw'>) {
    await this.sendRecorded(
      row.txHash,
      () => this.keeper().send(row.raw, row.txHash as Hex),
      'bundler_rejected',
    );
  }

  private async endIncluded(row: Broadcast, receipt: UserOperationReceipt) {
    const userOpHash = row.txHash;
    if (row.kind === 'cancellation') {
      const gasUsed = receipt.actualGasUsed;
      return this.end({
        ...failed(
          'transaction_cancelled',
          `not included within its time (${plural(this.rows.length - 1, 'user operation')} at nonce ${this.nonce}); the nonce was cleared by the empty user operation ${userOpHash} and none of the run's calls ran`,
        ),
        userOpHash,
        txHash: receipt.receipt.transactionHash,
        gasUsed: gasUsed.toString(),
        effectiveGasPrice: (gasUsed > 0n ? receipt.actualGasCost / gasUsed : 0n).toString(),
        blockNumber: Number(receipt.receipt.blockNumber),
      });
    }
    return this.endByReceipt(userOpHash as Hex, { userOpHash });
  }
}
