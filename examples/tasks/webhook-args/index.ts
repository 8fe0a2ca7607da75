// webhook-args: meant for webhook calls with custom args; transfers `amount` of a fixed ERC-20 to `recipient`.
import { type Address, defineTask } from '@tickwork/sdk';
import { encodeFunctionData, erc20Abi, isAddress } from 'viem';

/** The token this task may move; permissions.json allows transfer() on this address only. */
const TOKEN: Address = '0x0e270506bb92FDe6986999393a1DF14a27761abA';

type Args = { recipient: Address; amount: string };

export default defineTask<Args>({
  run: async ({ args, execution, log }) => {
    // Saved args are not schema-checked at storage time, so check again here.
    if (!isAddress(args.recipient)) return { canExec: false, message: 'recipient must be an address' };
    if (!/^\d+$/.test(args.amount) || BigInt(args.amount) === 0n)
      return { canExec: false, message: 'amount must be a positive string of digits' };
    log.info(`${execution.trigger} run: transfer ${args.amount} to ${args.recipient}`);
    return {
      canExec: true,
      message: `transfer ${args.amount} to ${args.recipient}`,
      calls: [
        {
          to: TOKEN,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transfer',
            args: [args.recipient, BigInt(args.amount)],
          }),
        },
      ],
    };
  },
});
