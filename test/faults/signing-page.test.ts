// The public signing page (/safe/tx/{id}) over a chain that does not answer (our TCP proxy between the app and
// anvil swallowing every connection): the page answers after one bounded read (lib/safe/read.ts,
// REQUEST_READ_TIMEOUT_MS, no retries) with the branded problem, a retry and the way back, saying who asks —
// before this it waited out viem's 4 tries × 10 s. Once the chain answers again the same link works.
import { describe, expect, it } from 'vitest';
import { safeTransactions } from '@/db/schema';
import { newId } from '@/lib/ids';
import { faultStackWorld } from '../support/faults';
import { testDb } from '../support/fixtures';
import { seedProfile } from '../support/seed';

const world = faultStackWorld();

/** Far above one bounded read, far below the 40 s of viem's default retries: the fetch gives up here. */
const PAGE_BOUND_MS = 30_000;

async function page(url: string) {
  const res = await fetch(url, { signal: AbortSignal.timeout(PAGE_BOUND_MS) });
  return { status: res.status, html: await res.text() };
}

describe('the signing page when the chain hangs', () => {
  it('answers with the problem, a retry and the way back, naming who asks', async () => {
    const { stack, w } = world;
    const profile = await seedProfile(w.workspaceId, w.projectId, { kind: 'safe', name: 'Treasury Safe' });
    const id = newId('safeTransaction');
    await testDb()
      .insert(safeTransactions)
      .values({
        id,
        workspaceId: w.workspaceId,
        projectId: w.projectId,
        profileId: profile.id,
        purpose: 'enable_module',
        state: 'collecting',
        chainId: 31337,
        safe: profile.address,
        to: profile.address,
        value: '0',
        data: '0x',
        operation: 0,
        nonce: '0',
        safeTxHash: `0x${'11'.repeat(32)}`,
      });
    const url = `${stack.app().baseUrl}/safe/tx/${id}`;

    stack.rpcProxy.cut('blackhole');
    try {
      const hung = await page(url);
      expect(hung.status).toBe(200);
      expect(hung.html).toContain('data-testid="safe-tx-problem"');
      expect(hung.html).toContain('did not answer');
      expect(hung.html).toContain('Nothing was signed or sent');
      expect(hung.html).toContain(`href="/safe/tx/${id}"`); // Try again
      expect(hung.html).toContain('Treasury Safe');
      expect(hung.html).toContain(`/projects/${w.projectId}/profiles`); // Back to the console
    } finally {
      stack.rpcProxy.restore();
    }

    // The chain answers again: the page reads it (this seeded "Safe" is an account without code, so the
    // page says so instead of hanging); an unknown id is a 404.
    const back = await page(url);
    expect(back.html).toContain('data-testid="safe-tx-problem"');
    expect(back.html.match(/safe-tx-problem.{0,2000}/)?.[0]).toContain('There is no contract at');
    expect((await page(`${stack.app().baseUrl}/safe/tx/${newId('safeTransaction')}`)).status).toBe(404);
  });
});
