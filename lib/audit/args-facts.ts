import { signToken } from '@/lib/crypto/envelope';

const MAX_KEYS = 50;
const MAX_KEY_LENGTH = 64;

/**
 * What the audit log keeps of an executable's args. Args may carry tokens, private endpoints or addresses meant to
 * stay private, so never a value: only that they were set or changed, their top-level key names, and a keyed digest (an HMAC
 * under a key derived from the master key: equal args give equal digests on this deployment, so "changed back" is
 * visible, yet a digest cannot be tested against guessed values without the master key).
 */
export function argsAuditFacts(args: string, how: 'set' | 'changed' = 'changed') {
  return {
    args: how,
    argKeys: topLevelKeys(args),
    argsDigest: signToken('audit-args', args).slice(0, 16),
  };
}

function topLevelKeys(args: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(args);
  } catch {
    return [];
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
  return Object.keys(parsed)
    .slice(0, MAX_KEYS)
    .map((k) => k.slice(0, MAX_KEY_LENGTH));
}
