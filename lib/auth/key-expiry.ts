/** How long a console-created API key lives. Import-free: the creation dialog and the server action share it. */
export const KEY_EXPIRIES = {
  '7d': { label: '7 days', days: 7 },
  '30d': { label: '30 days', days: 30 },
  '90d': { label: '90 days', days: 90 },
  '1y': { label: '1 year', days: 365 },
  never: { label: 'Never', days: null },
} as const;

export type KeyExpiry = keyof typeof KEY_EXPIRIES;

export const KEY_EXPIRY_CHOICES = Object.keys(KEY_EXPIRIES) as [KeyExpiry, ...KeyExpiry[]];

/** Long enough for a deploy script to run a quarter without attention, short enough that a forgotten key dies. */
export const DEFAULT_KEY_EXPIRY: KeyExpiry = '90d';

/** The moment a key created `now` with this choice stops working, or null for a key that never expires. */
export function keyExpiresAt(choice: KeyExpiry, now = new Date()): Date | null {
  const { days } = KEY_EXPIRIES[choice];
  return days === null ? null : new Date(now.getTime() + days * 86_400_000);
}
