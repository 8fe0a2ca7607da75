'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { ALERT_KINDS } from '@/lib/alerts/kinds';
import { saveDefaultRule, saveExecutableRule } from '@/lib/alerts/rules';
import { consoleActor } from '@/lib/audit/actor';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { runConsoleAction } from '@/lib/console/action';

const SaveRule = z.object({
  executableId: z.string().min(1).nullable(),
  kind: z.enum(ALERT_KINDS),
  params: z.record(z.string(), z.unknown()).optional(),
  channelIds: z.array(z.string()).optional(),
  enabled: z.boolean().optional(),
});

/**
 * Saves the rule of `kind` for an executable (its own rule, created from the default on first change) or the
 * project's default (created on first change). Owners and admins only.
 */
export async function saveAlertRuleAction(
  workspaceSlug: string,
  projectId: string,
  input: z.input<typeof SaveRule>,
) {
  return runConsoleAction(async () => {
    const { workspace, user } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const change = SaveRule.parse(input);
    const db = getDb();
    const actor = consoleActor(user);
    const patch = { params: change.params, channelIds: change.channelIds, enabled: change.enabled };
    let saved: { id: string };
    if (change.executableId) {
      saved = await saveExecutableRule(db, workspace.id, actor, change.executableId, change.kind, patch);
      revalidatePath(`/${workspaceSlug}/projects/${projectId}/executables/${change.executableId}`);
    } else {
      saved = await saveDefaultRule(db, workspace.id, actor, projectId, change.kind, patch);
      revalidatePath(`/${workspaceSlug}/projects/${projectId}/alerts`);
    }
    return { id: saved.id };
  });
}
