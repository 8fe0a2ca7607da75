/** Result messages and error messages are kept short: they end up in execution records and webhook answers. */
export const MAX_MESSAGE_BYTES = 1024;
const REDACTED = '[redacted]';
const ELLIPSIS = '…';
/** Shorter secret values would redact ordinary words and numbers. */
const MIN_REDACTED_LENGTH = 4;

/** Redacts the run's secrets from `text` and clips it to `maxBytes` of UTF-8. */
export type Sanitize = (text: string, maxBytes: number) => string;

/**
 * Redacts the bound secret values, then clips to `maxBytes` of UTF-8. The text is first cut to `maxBytes`
 * characters (the most that can survive the clip) so that a huge log message costs little; that cut is moved
 * back to the start of any secret it would split, or the secret's head would slip past the redaction.
 */
export function sanitizer(secrets: Record<string, string>): Sanitize {
  // A secret logged inside an object appears JSON-escaped (quotes, backslashes, newlines).
  const values = [
    ...new Set(Object.values(secrets).flatMap((value) => [value, JSON.stringify(value).slice(1, -1)])),
  ]
    .filter((value) => value.length >= MIN_REDACTED_LENGTH)
    // Longest first: a secret that contains another is redacted whole.
    .sort((a, b) => b.length - a.length);
  const cutOutsideSecrets = (text: string, limit: number) => {
    if (text.length <= limit) return text;
    let cut = limit;
    for (let moved = true; moved; ) {
      moved = false;
      for (const value of values) {
        const start = text.lastIndexOf(value, cut - 1);
        if (start >= 0 && start + value.length > cut) {
          cut = start;
          moved = true;
        }
      }
    }
    return text.slice(0, cut);
  };
  return (text, maxBytes) => {
    const kept = cutOutsideSecrets(text, maxBytes + 1);
    let redacted = kept;
    for (const value of values) redacted = redacted.split(value).join(REDACTED);
    // Redaction can shorten the text enough to fit: it was still cut, so it still ends with the ellipsis.
    return clipUtf8(kept.length < text.length ? `${redacted}${ELLIPSIS}` : redacted, maxBytes);
  };
}

function clipUtf8(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return text;
  const head = Buffer.from(text, 'utf8')
    .subarray(0, maxBytes - Buffer.byteLength(ELLIPSIS))
    .toString('utf8')
    // A multi-byte character cut in half decodes as U+FFFD.
    .replace(/\uFFFD+$/, '');
  return head + ELLIPSIS;
}
