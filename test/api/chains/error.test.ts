import { describe, expect, it } from 'vitest';
import { expectError } from '../../support/expect';
import { newWorkspace } from '../../support/fixtures';
import { api } from '../../support/http';

describe('chains: errors', () => {
  it('query parameters are ignored (no filter exists) and do not fail the request', async () => {
    const owner = await newWorkspace();
    const res = await api('/api/v1/chains?chainId=1&limit=abc', { token: owner.token });
    expect(res.status).toBe(200);
  });

  it('a sub-path of chains is an unknown route → 404 not_found', async () => {
    const owner = await newWorkspace();
    expectError(await api('/api/v1/chains/31337', { token: owner.token }), 404, 'not_found');
  });

  it('chains are read-only: POST is not an operation', async () => {
    const owner = await newWorkspace();
    const res = await api('/api/v1/chains', { method: 'POST', token: owner.token, body: {} });
    expectError(res, 405, 'method_not_allowed');
    expect(res.headers.get('allow')).toBe('GET');
  });
});
