import { describe, expect, it } from 'vitest';
import { expectError } from '../../support/expect';
import { newProject, newWorkspace } from '../../support/fixtures';
import type { ApiResponse } from '../../support/http';
import { seedExecutable } from '../../support/seed';
import { readStorage, storageRow, writeStorage } from '../../support/storage';

async function setup() {
  const owner = await newWorkspace();
  const project = await newProject(owner.workspaceId);
  const exe = await seedExecutable(owner.workspaceId, project.id);
  return { id: exe.executableId, token: owner.token };
}

/** Exactly one 200 changed:true at `version`, every other a 409 storage_version_conflict. */
function expectOneWinner(results: ApiResponse[], version: number) {
  const winners = results.filter((r) => r.status === 200);
  expect(
    winners.map((r) => r.body.data),
    results.map((r) => r.text).join('\n'),
  ).toEqual([{ version, changed: true }]);
  for (const loser of results.filter((r) => r.status !== 200)) {
    expectError(loser, 409, 'storage_version_conflict');
    expect(loser.body.currentVersion).toBe(version);
  }
  return winners[0];
}

describe('storage: concurrent writers', () => {
  it('two PATCHes with the same expectedVersion in parallel: exactly one wins, the other gets storage_version_conflict', async () => {
    for (let round = 0; round < 5; round++) {
      const { token, id } = await setup();
      // round over the first write (the insert path) ...
      const first = await Promise.all(
        ['a', 'b'].map((who) => writeStorage(token, id, { expectedVersion: 0, value: { who } })),
      );
      const winner = expectOneWinner(first, 1);
      const who = ['a', 'b'][first.indexOf(winner)];
      expect((await readStorage(token, id)).body.data).toEqual({ value: { who }, version: 1 });
      // ... and over an existing row (the update path)
      const second = await Promise.all(
        ['c', 'd'].map((w) => writeStorage(token, id, { expectedVersion: 1, value: { who: w } })),
      );
      expectOneWinner(second, 2);
      expect((await storageRow(id))?.version).toBe(2);
    }
  });

  it('two writers of the same value with the same expectedVersion: still one change, one conflict', async () => {
    const { token, id } = await setup();
    const results = await Promise.all(
      [1, 2].map(() => writeStorage(token, id, { expectedVersion: 0, value: { same: true } })),
    );
    expectOneWinner(results, 1);
  });

  it('ten writers at once: one wins', async () => {
    const { token, id } = await setup();
    await writeStorage(token, id, { expectedVersion: 0, value: { n: 0 } });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        writeStorage(token, id, { expectedVersion: 1, value: { n: n + 1 } }),
      ),
    );
    expectOneWinner(results, 2);
  });

  it('read-modify-write with retry on conflict loses no update (a shared counter)', async () => {
    const { token, id } = await setup();
    const increment = async () => {
      for (let attempt = 0; attempt < 100; attempt++) {
        const { value, version } = (await readStorage(token, id)).body.data;
        const res = await writeStorage(token, id, {
          expectedVersion: version,
          value: { count: (value.count ?? 0) + 1 },
        });
        if (res.status === 200) return attempt;
        expectError(res, 409, 'storage_version_conflict');
      }
      throw new Error('no progress');
    };
    await Promise.all(Array.from({ length: 8 }, increment));
    expect((await readStorage(token, id)).body.data).toEqual({ value: { count: 8 }, version: 8 });
  });
});
