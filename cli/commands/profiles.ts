import { parseArgs } from 'node:util';
import { CliError } from '../output';
import { callApi, resolveTarget } from '../target';

/**
 * `profiles fund <profileId> [--amount ETH] [--workspace ID] [--api URL]`: dev chain only, adds ether (default 10)
 * and 100 TICK to the profile's account; prints the profile with its new balance.
 */
export async function profiles(argv: string[]) {
  const [subcommand, ...rest] = argv;
  if (subcommand !== 'fund') throw new CliError('usage: profiles fund <profileId> [--amount ETH]');
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { amount: { type: 'string' }, workspace: { type: 'string' }, api: { type: 'string' } },
  });
  if (positionals.length !== 1) throw new CliError('usage: profiles fund <profileId> [--amount ETH]');
  const target = resolveTarget(values);
  return callApi(target, 'POST', `/api/v1/profiles/${encodeURIComponent(positionals[0])}/fund`, {
    ...(values.amount !== undefined && { amount: values.amount }),
  });
}
