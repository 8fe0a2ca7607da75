import { describe, expect, it } from 'vitest';
import { checkSecretNames } from '@/cli/task-test/inputs';
import { SecretsBody } from '@/lib/executables/schemas';
import { isEnvKey } from '@/lib/secrets/env-key';

// The names a secret is bound under (no stack needed): the API schema and the rule the console form and
// `tickwork test` share accept the names Defender's templates read, and nothing unsafe.

const bindable = (envKey: string) =>
  SecretsBody.safeParse({ secretBindings: [{ secretId: 'sec_1', envKey }] }).success;

describe('env keys', () => {
  it.each([
    'API_KEY',
    'refill_tokens_TOKEN_TYPE',
    'governance_summary_governance_address',
    'LowGasTemplate_dev_ADDRESSES',
    'a',
    '_',
    '_B_2',
    'K'.repeat(128),
  ])('binds %s', (name) => {
    expect([bindable(name), isEnvKey(name)]).toEqual([true, true]);
  });

  it.each(['', '1ABC', 'A-B', 'A B', 'a.b', 'ÄPI', 'A\n', '__proto__', 'K'.repeat(129)])(
    'refuses %j',
    (name) => {
      expect([bindable(name), isEnvKey(name)]).toEqual([false, false]);
    },
  );

  it('says what a name may be', () => {
    const parsed = SecretsBody.safeParse({ secretBindings: [{ secretId: 'sec_1', envKey: 'a-b' }] });
    expect(parsed.error?.issues[0].message).toContain('letters, digits and _');
  });
});

describe('tickwork test', () => {
  it('refuses a secret name the service would not bind, so the local test cannot pass on it', () => {
    expect(() => checkSecretNames({ refill_tokens_TOKEN_TYPE: 'ERC20', API_KEY: 'k' })).not.toThrow();
    expect(() => checkSecretNames({ API_KEY: 'k', 'api-key': 'k', '9LIVES': 'x' })).toThrow(
      'secret names api-key, 9LIVES cannot be bound to an executable: use letters, digits and _',
    );
  });
});
