// Every log line written while serving a request or running a job carries its ids: the logger's mixin reads the
// context `withLogContext` set (AsyncLocalStorage), through awaits, nested contexts adding to the outer one.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { currentLogContext, withLogContext } from '@/lib/log/context';

describe('log context', () => {
  it('follows the code through awaits and timers; nested contexts add to the outer one', async () => {
    expect(currentLogContext()).toEqual({});
    await withLogContext({ requestId: 'req_1' }, async () => {
      await new Promise((r) => setTimeout(r, 5));
      expect(currentLogContext()).toEqual({ requestId: 'req_1' });
      await withLogContext({ job: 'execution/requested', executionId: 'exn_1' }, async () => {
        await Promise.resolve();
        expect(currentLogContext()).toEqual({
          requestId: 'req_1',
          job: 'execution/requested',
          executionId: 'exn_1',
        });
      });
      expect(currentLogContext()).toEqual({ requestId: 'req_1' });
    });
    expect(currentLogContext()).toEqual({});
  });

  it('the app logger stamps the context on each line (a real process, its stdout read back)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tickwork-log-'));
    const script = path.join(dir, 'log.mts');
    writeFileSync(
      script,
      [
        `import { log } from '${path.resolve('lib/log/index.ts')}';`,
        `import { withLogContext } from '${path.resolve('lib/log/context.ts')}';`,
        `log.info('outside');`,
        `await withLogContext({ job: 'execution/requested', executionId: 'exn_42' }, async () => {`,
        `  await new Promise((r) => setTimeout(r, 1));`,
        `  log.warn({ attempt: 2 }, 'inside');`,
        `});`,
      ].join('\n'),
    );
    const out = execFileSync(path.resolve('node_modules/.bin/tsx'), [script], {
      env: { ...process.env, LOG_LEVEL: 'info' },
      encoding: 'utf8',
    });
    const lines = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.find((l) => l.msg === 'outside')).not.toHaveProperty('executionId');
    expect(lines.find((l) => l.msg === 'inside')).toMatchObject({
      job: 'execution/requested',
      executionId: 'exn_42',
      attempt: 2,
    });
  });
});
