import { parseArgs } from 'node:util';
import type { Db } from '@/db/client';
import { MEMBER_ROLES, type MemberRole, PLAN_IDS, type PlanId } from '@/db/enums';
import { operatorActor } from '@/lib/audit/actor';
import { recordAudit } from '@/lib/audit/log';
import { createApiKey } from '@/lib/auth/api-keys';
import { isScope, type Scope } from '@/lib/auth/scopes';
import { ensureUserByAddress, findUserByAddress } from '@/lib/users/service';
import {
  createWorkspace,
  getMembershipRole,
  getWorkspace,
  removeMembership,
  setMembership,
} from '@/lib/workspaces/service';
import { CliError } from '../output';
import { withDb } from '../with-db';

function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new CliError(`--${name} is required`);
  return value;
}

async function requireWorkspace(db: Db, id: string) {
  const workspace = await getWorkspace(db, id);
  if (!workspace) throw new CliError(`workspace ${id} not found`);
  return workspace;
}

/** `admin workspace create|member add|member remove|key create` — operator tasks, straight on the database. */
export async function admin(argv: string[]): Promise<unknown> {
  const [noun, verb, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      name: { type: 'string' },
      plan: { type: 'string' },
      owner: { type: 'string' },
      workspace: { type: 'string' },
      address: { type: 'string' },
      role: { type: 'string' },
      unbound: { type: 'boolean', default: false },
      scopes: { type: 'string' },
    },
  });

  switch (`${noun} ${verb}`) {
    case 'workspace create': {
      const plan = (values.plan ?? 'free') as PlanId;
      if (!PLAN_IDS.includes(plan)) throw new CliError(`--plan must be one of ${PLAN_IDS.join(', ')}`);
      return withDb(async (db) =>
        db.transaction(async (tx) => {
          const owner = values.owner ? await ensureUserByAddress(tx, values.owner) : undefined;
          const workspace = await createWorkspace(tx, {
            name: required(values, 'name'),
            plan,
            ownerUserId: owner?.id,
          });
          return { id: workspace.id, slug: workspace.slug };
        }),
      );
    }
    case 'member add': {
      const role = required(values, 'role') as MemberRole;
      if (!MEMBER_ROLES.includes(role))
        throw new CliError(`--role must be one of ${MEMBER_ROLES.join(', ')}`);
      return withDb(async (db) => {
        const workspace = await requireWorkspace(db, required(values, 'workspace'));
        const user = await ensureUserByAddress(db, required(values, 'address'));
        await db.transaction(async (tx) => {
          await setMembership(tx, { workspaceId: workspace.id, userId: user.id, role });
          await recordAudit(tx, {
            workspaceId: workspace.id,
            actor: operatorActor(),
            action: 'member.added',
            target: { type: 'user', id: user.id },
            details: { address: user.address, role },
          });
        });
        return { userId: user.id, role };
      });
    }
    case 'member remove':
      return withDb(async (db) => {
        const workspace = await requireWorkspace(db, required(values, 'workspace'));
        const user = await findUserByAddress(db, required(values, 'address'));
        if (!user) throw new CliError('no user with that address');
        await db.transaction(async (tx) => {
          await removeMembership(tx, { workspaceId: workspace.id, userId: user.id });
          await recordAudit(tx, {
            workspaceId: workspace.id,
            actor: operatorActor(),
            action: 'member.removed',
            target: { type: 'user', id: user.id },
            details: { address: user.address },
          });
        });
        return { userId: user.id, removed: true };
      });
    case 'key create': {
      const scopes = values.scopes?.split(',').map((s) => s.trim());
      const unknown = scopes?.filter((s) => !isScope(s));
      if (unknown?.length) throw new CliError(`unknown scopes: ${unknown.join(', ')}`);
      return withDb(async (db) => {
        const workspace = await requireWorkspace(db, required(values, 'workspace'));
        const user = await findUserByAddress(db, required(values, 'address'));
        const role = user && (await getMembershipRole(db, { workspaceId: workspace.id, userId: user.id }));
        if (!user || !role) throw new CliError('that address is not a member of the workspace');
        const key = await createApiKey(db, {
          userId: user.id,
          workspaceId: values.unbound ? null : workspace.id,
          name: values.name ?? (values.unbound ? 'operator unbound key' : 'operator key'),
          scopes: scopes as Scope[] | undefined,
        });
        return { id: key.id, token: key.token };
      });
    }
    default:
      throw new CliError('usage: admin workspace create | member add | member remove | key create');
  }
}
