import { afterEach, describe, expect, it } from 'vitest';
import { type ExecutableRow, toExecutable } from '@/lib/executables/service';
import { checkRunnerConfig, resolvedRunner } from '@/lib/runtime/runners';

// What an executable's sandboxRuntime resolves to is read from the configuration alone: showing an executable
// builds no runner and starts no sandbox, and a bad runner setting is found once, at startup, not by a read.

const VARS = ['TICKWORK_GVISOR_RUNNER', 'TICKWORK_GVISOR_POOL_SIZE', 'DAYTONA_API_KEY'] as const;
const saved = Object.fromEntries(VARS.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of VARS)
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
});

const row = (sandboxRuntime: 'gvisor' | 'daytona') =>
  ({
    id: 'exe_resolution',
    projectId: 'prj_x',
    functionId: 'fn_x',
    profileId: 'prf_x',
    name: 'resolution',
    state: 'active',
    stateReason: null,
    trigger: { type: 'interval', intervalMs: 60_000 },
    nextRunAt: null,
    args: '{}',
    secretBindings: [],
    gasMode: 'standard',
    gasFallback: false,
    sponsorshipProvider: null,
    sandboxRuntime,
    pinned: false,
    pendingFunctionSwitch: null,
    lastFunctionSwitchError: null,
    createdAt: new Date(),
    updatedAt: new Date(),
  }) as unknown as ExecutableRow;

describe('the runner an executable shows', () => {
  it('gvisor without a gVisor runner on this deployment shows unavailable, not gvisor', () => {
    delete process.env.TICKWORK_GVISOR_RUNNER;
    expect(toExecutable(row('gvisor')).sandboxRunner).toBe('unavailable');
    expect(resolvedRunner('gvisor')).toBe('unavailable');
  });

  it('daytona shows isolate without Daytona, daytona with it', () => {
    delete process.env.DAYTONA_API_KEY;
    expect(toExecutable(row('daytona')).sandboxRunner).toBe('isolate');
    process.env.DAYTONA_API_KEY = 'dtn_resolution_test';
    expect(toExecutable(row('daytona')).sandboxRunner).toBe('daytona');
  });

  it('a bad gVisor setting does not fail a read; the startup check refuses it with its name', () => {
    process.env.TICKWORK_GVISOR_RUNNER = 'runsc --rootless --platform=ptrace';
    process.env.TICKWORK_GVISOR_POOL_SIZE = 'lots';
    expect(toExecutable(row('gvisor')).sandboxRunner).toBe('gvisor');
    expect(() => checkRunnerConfig()).toThrow('TICKWORK_GVISOR_POOL_SIZE must be a positive number');
    process.env.TICKWORK_GVISOR_POOL_SIZE = '2';
    expect(() => checkRunnerConfig()).not.toThrow();
  });
});
