// Nonce drift: the profile's account sends transactions outside Tickwork (anvil impersonates it, as a wallet
// holding the same key would), so the chain's nonce moved past anything Tickwork sent. The next run reads
// the nonce from the chain, confirms, and sends exactly one transaction.
import { beforeAll, describe, expect, it } from 'vitest';
import { executionRows, expectPaidOnce, nonceOf, payExe, waitUntil } from '../support/faults';
import { newAddress } from '../support/fixtures';
import { rpc } from '../support/profiles';
import { type RunWorld, runToEnd, runWorld } from '../support/runs';

let w: RunWorld;
beforeAll(async () => {
  w = await runWorld(); // the shared test stack: nothing here stops or slows it
}, 60_000);

/** A plain transfer from the profile's account, sent by anvil on its behalf. */
async function sendOutside(from: string) {
  await rpc('anvil_impersonateAccount', [from]);
  try {
    const hash = await rpc<string>('eth_sendTransaction', [{ from, to: newAddress(), value: '0x1' }]);
    // automine: mined at once, though the receipt may trail the answer while anvil serves other tests
    const receipt = await waitUntil('the receipt', () => rpc<any>('eth_getTransactionReceipt', [hash]));
    expect(receipt.status).toBe('0x1');
  } finally {
    await rpc('anvil_stopImpersonatingAccount', [from]);
  }
}

describe('nonce drift', () => {
  it('after transactions sent outside Tickwork from the profile account, a run confirms with the next nonce', async () => {
    const [first, second] = await Promise.all([payExe(w), payExe(w)]);
    expect((await runToEnd(w.token, first.exe.id)).execution.status).toBe('confirmed');

    const drifted = await nonceOf(w.address);
    await sendOutside(w.address);
    await sendOutside(w.address);
    expect(await nonceOf(w.address)).toBe(drifted + 2);

    const { execution } = await runToEnd(w.token, second.exe.id);
    expect(execution).toMatchObject({ status: 'confirmed', error: null });
    await expectPaidOnce(w, [second], drifted + 2);
    const [row] = await executionRows([second.exe.id]);
    expect(Number(row.nonce)).toBe(drifted + 2);
  });
});
