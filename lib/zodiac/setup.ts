// The one Safe transaction that sets a roles profile up: through MultiSendCallOnly (delegatecall), it deploys a
// Roles v2 modifier for the Safe (owner, avatar and target = the Safe) through the ModuleProxyFactory, enables
// it as a module of the Safe, sets the allowances the role's conditions count against, and gives the executor
// the role scoped to what the owners picked.
import {
  type Address,
  concat,
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  getContractAddress,
  type Hex,
  keccak256,
  parseAbi,
} from 'viem';
import { rolesAbi } from 'zodiac-roles-sdk';
import type { ChainContracts } from '@/lib/chains/contracts';
import type { PlannedCall } from '@/lib/runtime/task-types';
import { DELEGATE_CALL, safeAbi } from '@/lib/safe/abi';
import { encodeMultiSend } from '@/lib/safe/module-call';
import type { SafeTx } from '@/lib/safe/transaction';
import type { AllowanceSpec } from './allowance-spec';
import { setAllowanceCalls } from './allowances';
import { emptyRole, roleChangeCalls, roleFor, type ScopeEntry, TICKWORK_ROLE_KEY } from './role';

export const moduleProxyFactoryAbi = parseAbi([
  'function deployModule(address masterCopy, bytes initializer, uint256 saltNonce) returns (address proxy)',
]);

/** `setUp(abi.encode(owner, avatar, target))`, all three the Safe. */
const rolesInitializer = (safe: Address): Hex =>
  encodeFunctionData({
    abi: rolesAbi,
    functionName: 'setUp',
    args: [
      encodeAbiParameters(
        [{ type: 'address' }, { type: 'address' }, { type: 'address' }],
        [safe, safe, safe],
      ),
    ],
  });

/** Where `deployModule` puts the modifier: CREATE2 over the factory's minimal proxy of the mastercopy. */
function predictRolesModifier(contracts: ChainContracts, safe: Address, saltNonce: bigint): Address {
  return getContractAddress({
    opcode: 'CREATE2',
    from: contracts.moduleProxyFactory,
    salt: keccak256(encodePacked(['bytes32', 'uint256'], [keccak256(rolesInitializer(safe)), saltNonce])),
    bytecode: concat([
      '0x602d8060093d393df3363d3d373d3d3d363d73',
      contracts.rolesMastercopy,
      '0x5af43d82803e903d91602b57fd5bf3',
    ]),
  });
}

/** A batch of calls from the Safe as one SafeTx: MultiSendCallOnly by delegatecall, all or nothing. */
export const batchSafeTx = (
  contracts: ChainContracts,
  calls: readonly PlannedCall[],
  nonce: bigint,
): SafeTx => ({
  to: contracts.multiSendCallOnly,
  value: 0n,
  data: encodeMultiSend(calls),
  operation: DELEGATE_CALL,
  nonce,
});

export function rolesSetupCalls(
  contracts: ChainContracts,
  opts: {
    safe: Address;
    executor: Address;
    scope: readonly ScopeEntry[];
    allowances?: readonly AllowanceSpec[];
    saltNonce: bigint;
  },
): { modifier: Address; calls: PlannedCall[] } {
  const modifier = predictRolesModifier(contracts, opts.safe, opts.saltNonce);
  const calls: PlannedCall[] = [
    {
      to: contracts.moduleProxyFactory,
      value: '0',
      data: encodeFunctionData({
        abi: moduleProxyFactoryAbi,
        functionName: 'deployModule',
        args: [contracts.rolesMastercopy, rolesInitializer(opts.safe), opts.saltNonce],
      }),
    },
    {
      to: opts.safe,
      value: '0',
      data: encodeFunctionData({ abi: safeAbi, functionName: 'enableModule', args: [modifier] }),
    },
    ...setAllowanceCalls(modifier, opts.allowances ?? []),
    ...roleChangeCalls(modifier, emptyRole(TICKWORK_ROLE_KEY), roleFor(opts.executor, opts.scope)),
  ];
  return { modifier, calls };
}
