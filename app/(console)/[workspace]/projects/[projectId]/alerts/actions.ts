'use server';

import { z } from 'zod';
import { getDb } from '@/db/client';
import { ALERT_KINDS } from '@/db/enums';
import { saveDefaultRule, saveExecutableRule } from '@/lib/alerts/rules';
import { consoleAction } from '@/lib/console/workspace-action';

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
  const projectPath = `/${workspaceSlug}/projects/${projectId}`;
  const revalidate = input.executableId
    ? `${projectPath}/executables/${input.executableId}`
    : `${projectPath}/alerts`;
  return consoleAction(workspaceSlug, { revalidate }, async ({ workspace, actor }) => {
    const change = SaveRule.parse(input);
    const patch = { params: change.params, channelIds: change.channelIds, enabled: change.enabled };
    const saved = change.executableId
      ? await saveExecutableRule(getDb(), workspace.id, actor, change.executableId, change.kind, patch)
      : await saveDefaultRule(getDb(), workspace.id, actor, projectId, change.kind, patch);
    return { id: saved.id };
  });
}
