export const VERSION_TAG_PATTERN = /^[a-z0-9][a-z0-9._-]{0,31}$/;
export const DEFAULT_TAG = 'v1';

/**
 * The tag to suggest next for a name: one past the highest `v<N>` in use (deleted tags included, since
 * they stay reserved), else the first free `v<N>`.
 */
export function suggestNextTag(taken: readonly string[]): string {
  const numbers = taken
    .map((t) => /^v(\d+)$/.exec(t)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);
  let next = numbers.length ? Math.max(...numbers) + 1 : 1;
  while (taken.includes(`v${next}`)) next++;
  return `v${next}`;
}
