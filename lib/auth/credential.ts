import type { Db } from '@/db/client';
import type { MemberRole } from '@/db/enums';
import { apiError } from '@/lib/api/errors';
import type { Scope } from './scopes';

export type Principal = {
  credentialId: string;
  userId: string;
  workspaceId: string;
  role: MemberRole;
  scopes: ReadonlySet<string>;
  bound: boolean;
};

type KeyRow = {
  id: string;
  user_id: string;
  workspace_id: string | null;
  scopes: string[];
  usable: boolean;
  stale_last_used: boolean;
  role: MemberRole | null;
};

export function bearerToken(header: string | null): string {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match) throw apiError('unauthorized', 'missing or malformed bearer token');
  return match[1];
}

/**
 * The auth hot path: one indexed query resolves the key and the membership in the live workspace it acts in
 * (its bound workspace, or the `X-Workspace-Id` of an unbound key), so revocation, lost membership and a
 * deleted workspace take effect on the very next request.
 */
export async function resolvePrincipal(
  db: Db,
  /** SHA-256 (hex) of the bearer token: keys are stored and looked up by it. */
  tokenHash: string,
  opts: { headerWorkspaceId: string | null; queryWorkspaceId: string | null },
): Promise<Principal> {
  const { headerWorkspaceId, queryWorkspaceId } = opts;
  const rows = await db.$sql<KeyRow[]>`
    select k.id, k.user_id, k.workspace_id, k.scopes, m.role,
      k.revoked_at is null and (k.expires_at is null or k.expires_at > now()) as usable,
      k.last_used_at is null or k.last_used_at < now() - interval '1 minute' as stale_last_used
    from api_keys k
    left join workspaces w
      on w.id = coalesce(k.workspace_id, ${headerWorkspaceId}) and w.deleted_at is null
    left join memberships m on m.user_id = k.user_id and m.workspace_id = w.id
    where k.token_hash = ${tokenHash}`;
  const key = rows[0];
  if (!key?.usable) {
    throw apiError('unauthorized', 'invalid or revoked credential');
  }

  let workspaceId: string;
  if (key.workspace_id) {
    for (const named of [headerWorkspaceId, queryWorkspaceId]) {
      if (named && named !== key.workspace_id) {
        throw apiError('workspace_mismatch', 'this credential is bound to another workspace');
      }
    }
    workspaceId = key.workspace_id;
  } else {
    if (!headerWorkspaceId) {
      throw apiError('workspace_required', 'unbound keys must send the X-Workspace-Id header');
    }
    if (queryWorkspaceId && queryWorkspaceId !== headerWorkspaceId) {
      throw apiError('workspace_mismatch', 'X-Workspace-Id and the workspaceId query parameter differ');
    }
    workspaceId = headerWorkspaceId;
  }
  if (!key.role) throw apiError('forbidden', 'no active membership in this workspace');

  if (key.stale_last_used) {
    db.$sql`update api_keys set last_used_at = now() where id = ${key.id}`.catch(() => {});
  }
  return {
    credentialId: key.id,
    userId: key.user_id,
    workspaceId,
    role: key.role,
    scopes: new Set(key.scopes),
    bound: key.workspace_id !== null,
  };
}

export function authorize(principal: Principal, scope: Scope, mutation: boolean): void {
  if (!principal.scopes.has(scope)) {
    throw apiError('insufficient_scope', `this credential lacks the ${scope} scope`, {
      requiredScope: scope,
    });
  }
  if (mutation && principal.role === 'member') {
    throw apiError('forbidden', 'this action needs the owner or admin role');
  }
}
