// The role wizard's presets, pure part: what each fills in (calls with their conditions, allowances), as the
// owners will read it and as the wizard sends it.
import { describe, expect, it } from 'vitest';
import {
  APPROVE,
  keeperCallPreset,
  TRANSFER,
  tokenApprovePreset,
  tokenTransferPreset,
} from '@/lib/zodiac/presets';
import { callWords, draftFromPermissions, requestOfDraft } from '@/lib/zodiac/scope-drafts';

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const SPENDER = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const VAULT = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';

/** The preset's calls in words, as the wizard's preview lists them. */
const words = (preset: ReturnType<typeof tokenApprovePreset>) =>
  draftFromPermissions({ calls: preset.calls }).targets.flatMap((t) =>
    t.functions.map((fn) => callWords(t.to, fn)),
  );

describe('presets', () => {
  it('token approval: approve only to the one spender, up to a maximum when given', () => {
    const capped = tokenApprovePreset({ token: TOKEN, spender: SPENDER, max: '5000' });
    expect(words(capped)).toEqual([
      `Call ${APPROVE} (0x095ea7b3) on ${TOKEN} only when argument 1 (address) is equal to ${SPENDER}; argument 2 (uint256) is at most 5000`,
    ]);
    expect(capped.allowances).toEqual([]);
    expect(words(tokenApprovePreset({ token: TOKEN, spender: SPENDER }))).toEqual([
      `Call ${APPROVE} (0x095ea7b3) on ${TOKEN} only when argument 1 (address) is equal to ${SPENDER}`,
    ]);
  });

  it('keeper call: one function on one contract with any arguments, no condition and no allowance', () => {
    const preset = keeperCallPreset({ target: VAULT, signature: 'performUpkeep(bytes)' });
    expect(words(preset)).toEqual([`Call performUpkeep(bytes) (0x4585e33b) on ${VAULT}`]);
    const draft = draftFromPermissions({ calls: preset.calls });
    expect(requestOfDraft(draft.targets, preset.allowances)).toEqual({
      calls: [{ to: VAULT, functions: ['performUpkeep(bytes)'] }],
      allowances: [],
    });
  });

  it('token transfer: listed recipients, every amount spending from the allowance it defines', () => {
    const preset = tokenTransferPreset({
      token: TOKEN,
      recipients: [VAULT, SPENDER],
      allowance: { name: 'transfer-daily', amount: '1000', periodSeconds: 86_400 },
    });
    const draft = draftFromPermissions({ calls: preset.calls });
    expect(requestOfDraft(draft.targets, preset.allowances)).toEqual({
      calls: [
        {
          to: TOKEN,
          functions: [TRANSFER],
          conditions: { [TRANSFER]: [{ oneOf: [VAULT, SPENDER] }, { allowance: 'transfer-daily' }] },
        },
      ],
      allowances: [{ name: 'transfer-daily', amount: '1000', periodSeconds: 86_400 }],
    });
  });
});
