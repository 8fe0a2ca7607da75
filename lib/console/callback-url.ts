/** A post-sign-in destination that stays on this site: a path, never another origin. */
export function safeCallbackUrl(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string') return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
