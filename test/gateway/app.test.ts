// The gateway as the running app serves it at {origin}/rpc: discovery and the execution endpoint over HTTP.
import { describe, expect, it } from 'vitest';
import { createRpcKey } from '@/lib/gateway/keys';
import { newWorkspace, testDb } from '../support/fixtures';
import { api } from '../support/http';
import { target } from '../support/target';

describe('the gateway served by the app', () => {
  it('discovers the chain and answers JSON-RPC at the advertised endpoint', async () => {
    const w = await newWorkspace();
    const { token } = await createRpcKey(testDb(), {
      workspaceId: w.workspaceId,
      name: 'app',
      createdBy: w.userId,
    });
    const discovery = await api('/rpc/v1/chains', { headers: { apikey: token } });
    expect(discovery.status).toBe(200);
    const [entry] = discovery.body.chains;
    expect(entry).toMatchObject({ chain: 'anvil', chainId: 31337, syncing: false, provider: 'tickwork' });
    const host = new URL(target().baseUrl).host;
    expect(entry.endpoint).toBe(`${host}/rpc/anvil`);
    const res = await fetch(`http://${entry.endpoint}/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '[{"jsonrpc":"2.0","id":1,"method":"eth_chainId"},{"jsonrpc":"2.0","id":2,"method":"anvil_mine"}]',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x7a69' },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: expect.any(String) } },
    ]);
    const wrong = await api('/rpc/v1/chains', { headers: { apikey: 'twrpc_wrong' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'unauthorized' });
  });
});
