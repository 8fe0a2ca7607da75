// The name a secret is bound under on an executable (its `envKey`): what the task reads, `ctx.secrets.get(name)`
// or a Defender action's `event.secrets[name]`. Shared by the API schema, the console form and `tickwork test`.

/**
 * Letters of either case, digits and `_`, not starting with a digit, as Defender named its secrets (`API_KEY`,
 * and stack secrets such as `refill_tokens_TOKEN_TYPE`). `__proto__` is refused: as a key of a plain object it
 * would set the prototype instead of holding the value.
 */
export const ENV_KEY_PATTERN = /^(?!__proto__$)[A-Za-z_][A-Za-z0-9_]*$/;
export const ENV_KEY_MAX_LENGTH = 128;
export const ENV_KEY_RULE = 'letters, digits and _, not starting with a digit, at most 128 (e.g. API_KEY)';

export const isEnvKey = (name: string) => name.length <= ENV_KEY_MAX_LENGTH && ENV_KEY_PATTERN.test(name);
