import { createPublicClient, createTestClient, http } from 'viem';
import { foundry } from 'viem/chains';
import { inject } from 'vitest';
import { findChain } from '@/lib/chains/config';

/**
 * The test stack's anvil for tests that run chain code in-process: points the app's lazily read chain config
 * and master key at the stack (call it at module load, before anything asks) and answers viem clients for it.
 */
export function testStackChain() {
  process.env.TICKWORK_LOCAL_RPC_URL = inject('rpcUrl');
  process.env.TICKWORK_MASTER_KEY ??= inject('masterKey');
  const transport = http(inject('rpcUrl'));
  return {
    transport,
    client: createPublicClient({ chain: foundry, transport }),
    testClient: createTestClient({ chain: foundry, mode: 'anvil', transport }),
  };
}

/** The app's config of the local chain 31337. */
export function localChain() {
  const chain = findChain(31337);
  if (!chain) throw new Error('the local chain is not enabled');
  return chain;
}
