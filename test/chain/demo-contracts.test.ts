import { readFileSync } from 'node:fs';
import { createPublicClient, http } from 'viem';
import { foundry } from 'viem/chains';
import { describe, expect, inject, it } from 'vitest';
import { LOCAL_DEMO_CONTRACTS } from '@/lib/chains/demo/addresses';
import { ARTIFACTS_FILE, compiledArtifacts } from '../../scripts/compile-contracts';

describe('the demo contracts of the dev chain', () => {
  it('committed artifacts are what contracts/demo compiles to (run `npm run contracts` after an edit)', () => {
    expect(readFileSync(ARTIFACTS_FILE, 'utf8')).toBe(compiledArtifacts());
  }, 60_000);

  it('the bootstrap deployed them at their fixed addresses', async () => {
    const client = createPublicClient({ chain: foundry, transport: http(inject('rpcUrl')) });
    for (const address of Object.values(LOCAL_DEMO_CONTRACTS))
      expect((await client.getCode({ address }))?.length ?? 0, address).toBeGreaterThan(100);
  });
});
