import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeError } from '@/lib/log/errors';
import { type ExtraApp, startExtraApp } from '../support/app';
import { expectError } from '../support/expect';
import { newProject, newWorkspace, testDb } from '../support/fixtures';
import { api } from '../support/http';
import { seedExecutable } from '../support/seed';
import { objectOfSize, storagePath } from '../support/storage';

// Attack: one request writes ~6× its size to the server log, stored data included. Before the fix a failed
// storage write logged the failed SQL with its full parameters about six times (6.3 MB of log for 1 MiB).

const MiB = 1024 * 1024;
const MARKER = 'stored-value-that-must-never-reach-a-log-';
const valueOfSize = (bytes: number) => ({ marker: MARKER, ...objectOfSize(bytes - MARKER.length - 12) });

describe('a server fault with a 1 MiB body', () => {
  let app: ExtraApp;
  let executableId: string;
  let token: string;

  beforeAll(async () => {
    const owner = await newWorkspace();
    const project = await newProject(owner.workspaceId);
    executableId = (await seedExecutable(owner.workspaceId, project.id)).executableId;
    token = owner.token;
    // A real database failure for this one executable's storage writes: the app's statement fails with its
    // parameters (the 1 MiB value) attached to the error, as any unexpected SQL failure would.
    await testDb().$sql.unsafe(`
      create or replace function fail_storage_write() returns trigger language plpgsql as $$
      begin raise exception 'injected storage failure'; end $$;
      create trigger fail_storage_write_${executableId.toLowerCase()} before insert or update on executable_storage
        for each row when (new.executable_id = '${executableId}') execute function fail_storage_write();`);
    app = await startExtraApp({ LOG_LEVEL: 'info' }, { captureOutput: true });
  });

  afterAll(async () => {
    await app?.stop();
    await testDb().$sql.unsafe(
      `drop trigger if exists fail_storage_write_${executableId.toLowerCase()} on executable_storage`,
    );
  });

  it('answers an opaque 500 and adds under 4 KB of log, without the value', async () => {
    const before = app.output().length;
    const res = await api(storagePath(executableId), {
      method: 'PATCH',
      token,
      baseUrl: app.baseUrl,
      body: { expectedVersion: 0, value: valueOfSize(MiB) },
    });
    expectError(res, 500, 'internal_error');
    expect(res.text).not.toContain(MARKER);
    const added = await loggedSince(before);
    expect(added.length).toBeGreaterThan(0);
    expect(added.length).toBeLessThan(4 * 1024);
    expect(added).not.toContain(MARKER);
    expect(added).not.toContain('xxxxxxxxxx');
    expect(added).toContain(res.body.requestId);
    expect(added).toContain('PATCH /api/v1/executables/{executableId}/storage');
  });

  it('adds nothing for a refused 1 MiB body (a client error is not a fault)', async () => {
    const before = app.output().length;
    const res = await api(storagePath(executableId), {
      method: 'PATCH',
      token,
      baseUrl: app.baseUrl,
      body: { expectedVersion: 2147483648, value: valueOfSize(MiB) },
    });
    expectError(res, 400, 'invalid_request');
    expect(await loggedSince(before)).toBe('');
  });

  /**
   * What the app logged from output offset `from` up to a later request's own line. The app writes its lines
   * in order, so once that line is in (however slow the machine or the pipe), all the earlier ones are too.
   */
  async function loggedSince(from: number): Promise<string> {
    const later = await api(storagePath(executableId), {
      method: 'PATCH',
      token,
      baseUrl: app.baseUrl,
      body: { expectedVersion: 0, value: { later: true } },
    });
    expectError(later, 500, 'internal_error'); // the injected failure: logged with its request id
    const id = later.body.requestId;
    for (const until = Date.now() + 20_000; !app.output().includes(id); ) {
      if (Date.now() > until) throw new Error(`the app logged nothing for request ${id} within 20 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const output = app.output().slice(from);
    return output.slice(0, output.lastIndexOf('\n', output.indexOf(id)) + 1);
  }
});

describe('describeError', () => {
  it('describes a database error by class, code and diagnostics, never by its query parameters', async () => {
    const secretParam = `${MARKER}${'y'.repeat(MiB)}`;
    const error = await testDb()
      .execute(sql`select ${secretParam}::int`)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(Error);
    const described = JSON.stringify(describeError(error));
    expect(described).not.toContain(MARKER);
    expect(described.length).toBeLessThan(2048);
    expect(JSON.parse(described)).toMatchObject({
      cause: { code: '22P02', db: { routine: expect.any(String) } },
    });
  });

  it('bounds the message of any other error to one line of 300 characters', () => {
    const described = describeError(new Error(`${'z'.repeat(5000)}\nsecond line`));
    expect(described.message?.length).toBeLessThan(340);
    expect(described.message).not.toContain('second line');
    expect(described.stack).not.toContain('zzzz');
  });
});
