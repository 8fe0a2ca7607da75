import { describe, expect, it } from 'vitest';
import { expectError } from '../../support/expect';
import { newWorkspace } from '../../support/fixtures';
import { api } from '../../support/http';

describe('usage: errors', () => {
  it('is read-only: PATCH is not an operation', async () => {
    const owner = await newWorkspace();
    const res = await api('/api/v1/usage', { method: 'PATCH', token: owner.token, body: {} });
    expectError(res, 405, 'method_not_allowed');
    expect(res.headers.get('allow')).toBe('GET');
  });

  it('query parameters do not select another workspace', async () => {
    const owner = await newWorkspace();
    const other = await newWorkspace();
    expectError(
      await api(`/api/v1/usage?workspaceId=${other.workspaceId}`, { token: owner.token }),
      403,
      'workspace_mismatch',
    );
  });
});
