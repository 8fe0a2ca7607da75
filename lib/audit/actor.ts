import type { CredentialKind } from '@/db/enums';
/** Who did something, and with which credential: every audit event names one. */
export type Actor = {
  userId: string | null;
  /** The address (or name) shown for the actor; kept on the event when the user is gone. */
  label: string;
  credentialKind: CredentialKind;
  /** The API key's id when the actor used one (a CLI login's key included). */
  credentialId?: string | null;
};

type UserLike = { id: string; address: string | null; name: string | null };

const labelOf = (user: UserLike) => user.address ?? user.name ?? user.id;

/** A person acting in the console with their session. */
export const consoleActor = (user: UserLike): Actor => ({
  userId: user.id,
  label: labelOf(user),
  credentialKind: 'console',
});

/** A person acting with a management API key; `fromCliLogin` when the key is the one a CLI login issued. */
export const apiKeyActor = (user: UserLike, credentialId: string, fromCliLogin = false): Actor => ({
  userId: user.id,
  label: labelOf(user),
  credentialKind: fromCliLogin ? 'cli_login' : 'api_key',
  credentialId,
});

/** The operator CLI, working on the database directly. */
export const operatorActor = (): Actor => ({ userId: null, label: 'operator', credentialKind: 'operator' });
