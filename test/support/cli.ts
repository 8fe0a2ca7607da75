import { spawn } from 'node:child_process';
import { inject } from 'vitest';

export type CliRun = { code: number | null; stdout: string; stderr: string };

/**
 * The CLI as `npm run -s tickwork -- …` runs it, compiled once for the run (test/support/cli-build.ts) and
 * started by node itself: npm's own start would cost each of the suite's many runs half a second of CPU and test
 * nothing of ours. Runs with only the given TICKWORK_* variables and, when given, `configHome` as XDG_CONFIG_HOME
 * (an empty one, so a developer's own `tickwork login` never leaks in).
 */
export function tickwork(
  args: string[],
  opts: { configHome?: string; env?: Record<string, string> } = {},
): Promise<CliRun> {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NO_COLOR: '1',
    ...(opts.configHome && { XDG_CONFIG_HOME: opts.configHome }),
  };
  for (const key of Object.keys(childEnv)) if (key.startsWith('TICKWORK_')) delete childEnv[key];
  Object.assign(childEnv, opts.env);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [inject('cliEntry'), ...args], {
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
