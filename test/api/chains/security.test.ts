import { describe, it } from 'vitest';
import { expectError } from '../../support/expect';
import { newKey, newWorkspace } from '../../support/fixtures';
import { api } from '../../support/http';

describe('chains: security', () => {
  it('needs a credential, chains:read, and the workspace binding', async () => {
    const owner = await newWorkspace();
    const other = await newWorkspace();
    expectError(await api('/api/v1/chains'), 401, 'unauthorized');
    const noScope = await newKey(owner, { scopes: ['projects:read'] });
    expectError(await api('/api/v1/chains', { token: noScope.token }), 403, 'insufficient_scope');
    expectError(
      await api('/api/v1/chains', { token: owner.token, headers: { 'x-workspace-id': other.workspaceId } }),
      403,
      'workspace_mismatch',
    );
    const unbound = await newKey(owner, { unbound: true });
    expectError(await api('/api/v1/chains', { token: unbound.token }), 400, 'workspace_required');
    expectError(
      await api('/api/v1/chains', { token: unbound.token, headers: { 'x-workspace-id': other.workspaceId } }),
      403,
      'forbidden',
    );
  });
});
