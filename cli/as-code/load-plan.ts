import { parseArgs } from 'node:util';
import { userPath } from '../output';
import { callApiEnvelope, resolveTarget, type Target } from '../target';
import { readLive } from './live';
import { makePlan, type Plan } from './plan';
import { readAsCodeFile } from './read-file';

/** The version tags a function name has taken, deleted releases' included (the upload route keeps them). */
export async function reservedTags(target: Target, projectId: string, name: string): Promise<string[]> {
  const page = await callApiEnvelope(
    target,
    'GET',
    `/api/v1/functions?projectId=${encodeURIComponent(projectId)}&name=${encodeURIComponent(name)}&limit=1`,
  );
  const reservation = page.versionReservation as { reservedVersionTags?: string[] } | undefined;
  return reservation?.reservedVersionTags ?? ['latest'];
}

/** `plan` and `apply`'s shared start: the flags, the file, the live project and their difference. */
export async function loadPlan(argv: string[]): Promise<{ target: Target; plan: Plan; json: boolean }> {
  const { values } = parseArgs({
    args: argv,
    options: {
      file: { type: 'string', short: 'f', default: 'tickwork.yaml' },
      prune: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      workspace: { type: 'string' },
      api: { type: 'string' },
    },
  });
  const loaded = readAsCodeFile(userPath(values.file));
  const target = resolveTarget(values);
  const live = await readLive(target, loaded.file.project);
  const plan = await makePlan(loaded.file, loaded.dir, live, {
    prune: values.prune,
    reservedTags: (name) => reservedTags(target, live.project.id, name),
  });
  return { target, plan, json: values.json };
}
