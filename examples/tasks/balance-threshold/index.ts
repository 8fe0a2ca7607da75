// balance-threshold: reads an account's balance (native, or an ERC-20 when args.token is set) through the
// profile's chain and calls topUp(account) on a refill contract only when the balance is below the threshold.
import { type Address, defineTask } from '@tickwork/sdk';
import { createPublicClient, custom, encodeFunctionData, erc20Abi, isAddress, parseAbi } from 'viem';

type Args = {
  /** The account to watch. */
  account: Address;
  /** An ERC-20 to watch instead of the native balance. */
  token?: Address;
  /** Top up when the balance (wei / token base units) is below this, as a string of digits. */
  threshold: string;
  /** The contract whose topUp(address) refills the account. */
  refill: Address;
};

const refillAbi = parseAbi(['function topUp(address account)']);

export default defineTask<Args>({
  run: async ({ args, chain, log }) => {
    const { account, token, threshold, refill } = args;
    if (!isAddress(account) || !isAddress(refill) || (token !== undefined && !isAddress(token)))
      return { canExec: false, message: 'account, refill and token must be addresses' };
    if (!/^\d+$/.test(threshold)) return { canExec: false, message: 'threshold must be a string of digits' };

    const client = createPublicClient({ transport: custom(chain) });
    const balance = token
      ? await client.readContract({
          address: token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [account],
        })
      : await client.getBalance({ address: account });
    const unit = token ? `units of ${token}` : 'wei';
    log.info(`balance of ${account}: ${balance} ${unit}`);

    if (balance >= BigInt(threshold)) {
      return {
        canExec: false,
        message: `balance ${balance} is not below the threshold ${threshold} (${unit})`,
      };
    }
    return {
      canExec: true,
      message: `balance ${balance} < ${threshold} (${unit}): topping up`,
      calls: [
        { to: refill, data: encodeFunctionData({ abi: refillAbi, functionName: 'topUp', args: [account] }) },
      ],
    };
  },
});
