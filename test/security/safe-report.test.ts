// The public signing page's report of an executed Safe transaction (its server action, no session, as anyone
// holding the link calls it): the first reported hash stays, the same hash again changes nothing and queues
// nothing, another hash is refused; reports have a small bucket of their own per transaction.
import { keccak256, toHex } from 'viem';
import { describe, expect, it, vi } from 'vitest';
import { reportSafeExecutionAction, safeTransactionViewAction } from '@/app/(safe)/safe/tx/actions';
import { operatorActor } from '@/lib/audit/actor';
import { enqueue } from '@/lib/jobs/port';
import { createSafeProfile } from '@/lib/profiles/safe';
import { newProject, newWorkspace, testDb, uniq } from '../support/fixtures';
import { deploySafe, fundedAccount } from '../support/safes';

// the real job port, watched: the jobs still reach the deployment's worker
vi.mock('@/lib/jobs/port', async (original) => {
  const actual = await original<typeof import('@/lib/jobs/port')>();
  return { ...actual, enqueue: vi.fn(actual.enqueue) };
});

const randomHash = () => keccak256(toHex(`${uniq()}${uniq()}`));

/** A new 2-of-3 Safe, a Safe profile on it, and its `enableModule` transaction collecting signatures. */
async function collectingTransaction() {
  const owner = await newWorkspace({ plan: 'pro' });
  const project = await newProject(owner.workspaceId);
  const owners = await Promise.all([0, 1, 2].map(() => fundedAccount()));
  const safe = await deploySafe(owners, 2);
  const { safeTransactionId } = await createSafeProfile(testDb(), owner.workspaceId, operatorActor(), {
    projectId: project.id,
    alias: `safe-${uniq()}`,
    chainId: 31337,
    safe,
  });
  return safeTransactionId;
}

const provisionJobsQueued = () =>
  vi.mocked(enqueue).mock.calls.filter(([event]) => event === 'profile/provision.requested').length;

const recordedHash = async (id: string) =>
  (await testDb().$sql`select executed_tx_hash from safe_transactions where id = ${id}`)[0]
    .executed_tx_hash as string | null;

describe("the signing page's execution report", () => {
  it('keeps the first hash: the same again is idempotent, another is refused, one job is queued', async () => {
    const id = await collectingTransaction();
    vi.mocked(enqueue).mockClear();
    const first = randomHash();

    const reported = await reportSafeExecutionAction(id, first);
    expect(reported).toMatchObject({ ok: true, data: { id, state: 'collecting', executedTxHash: first } });
    expect(provisionJobsQueued()).toBe(1);

    const again = await reportSafeExecutionAction(id, first.toUpperCase().replace('0X', '0x'));
    expect(again).toMatchObject({ ok: true, data: { executedTxHash: first } });

    const other = await reportSafeExecutionAction(id, randomHash());
    expect(other).toEqual({
      ok: false,
      code: 'safe_execution_reported',
      error:
        'another execution was already reported for this Safe transaction; the chain decides whether it happened',
      details: { executedTxHash: first },
    });
    expect(await recordedHash(id)).toBe(first);
    expect(provisionJobsQueued()).toBe(1);
  }, 60_000);

  it("is throttled per transaction; the page's reads and other transactions are not", async () => {
    const [id, elsewhere] = await Promise.all([collectingTransaction(), collectingTransaction()]);
    const hash = randomHash();
    let accepted = 0;
    let refusal: Awaited<ReturnType<typeof reportSafeExecutionAction>> | undefined;
    // the bucket holds a handful of reports; the management API's 600 a minute would let all of these through
    for (let i = 0; i < 40 && !refusal; i++) {
      const result = await reportSafeExecutionAction(id, hash);
      if (result.ok) accepted++;
      else refusal = result;
    }
    expect(refusal).toEqual({
      ok: false,
      code: 'rate_limited',
      error: 'too many requests for this Safe transaction; wait a moment',
    });
    expect(accepted).toBeGreaterThanOrEqual(6);
    expect(accepted).toBeLessThan(40);

    expect(await safeTransactionViewAction(id)).toMatchObject({ ok: true, data: { executedTxHash: hash } });
    expect(await reportSafeExecutionAction(elsewhere, randomHash())).toMatchObject({ ok: true });
  }, 90_000);
});
