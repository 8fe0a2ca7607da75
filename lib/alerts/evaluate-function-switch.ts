import type { DbOrTx } from '@/db/client';
import { log } from '@/lib/log';
import { rulesInForce } from './in-force';
import { consoleUrl, openIncident, resolveIncidents } from './incidents';

/**
 * The alert of a function switch that just ended, in the transaction that recorded it: a failure opens a
 * `function_switch_failed` incident for the executable, a success resolves it. Never fails the switch.
 */
export async function evaluateFunctionSwitch(
  db: DbOrTx,
  exe: { id: string; workspaceId: string; projectId: string; name: string },
  outcome: { ok: true } | { ok: false; functionId: string; reason: string },
): Promise<string[]> {
  try {
    return await db.transaction(async (tx) => {
      if (outcome.ok)
        return resolveIncidents(
          tx,
          { projectId: exe.projectId, kinds: ['function_switch_failed'], subject: exe.id },
          'A later function switch succeeded.',
        );
      const [rule] = await rulesInForce(tx, exe.projectId, exe.id, ['function_switch_failed']);
      if (!rule) return [];
      const id = await openIncident(
        tx,
        rule,
        exe.id,
        {
          title: `Switching “${exe.name}” to another function failed`,
          text: `The new function (${outcome.functionId}) could not be built: ${outcome.reason.slice(0, 300)}. The executable keeps running its previous function.`,
          severity: 'warning',
          facts: { Executable: `${exe.name} (${exe.id})`, Function: outcome.functionId },
          url: await consoleUrl(tx, exe.workspaceId, `/projects/${exe.projectId}/executables/${exe.id}`),
        },
        { executableId: exe.id, functionId: outcome.functionId },
      );
      return id ? [id] : [];
    });
  } catch (error) {
    log.error({ err: error, executableId: exe.id }, 'could not evaluate the alert of a function switch');
    return [];
  }
}
