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
  const values = [
    ...new Set(
      Object.values(secrets)
        .filter((value) => value.length >= MIN_REDACTED_LENGTH)
        .flatMap(spellingsOf),
    ),
  ]
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

/**
 * The ways a secret's value shows up in text: as is; JSON-escaped (logged inside an object: quotes, backslashes,
 * newlines); its UTF-8 bytes in hex (lower and upper case); in base64 and base64url, alone (with and without
 * padding) or inside a longer encoded text (`btoa(user + ':' + secret)` for HTTP basic auth), where it starts at
 * any of three byte offsets.
 */
function spellingsOf(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const hex = bytes.toString('hex');
  const base64 = [bytes.toString('base64'), ...embeddedBase64(bytes)];
  return [
    value,
    JSON.stringify(value).slice(1, -1),
    hex,
    hex.toUpperCase(),
    ...base64,
    ...base64.map((text) => text.replace(/=+$/, '')),
    ...base64.map((text) => text.replace(/=+$/, '').replaceAll('+', '-').replaceAll('/', '_')),
  ];
}

/** Embedded spellings shorter than this would match unrelated base64 (they carry under six of the secret's bytes). */
const MIN_EMBEDDED_BASE64 = 8;

/**
 * The base64 characters that depend on the secret's bytes alone when it sits inside a longer encoded text starting
 * 0, 1 or 2 bytes after a 3-byte boundary: the whole 3-byte groups it fills (a group shared with a neighbour's
 * bytes encodes differently in each text, so it is left out).
 */
function embeddedBase64(bytes: Buffer): string[] {
  return [0, 1, 2].flatMap((offset) => {
    const lead = offset === 0 ? 0 : 3 - offset;
    const whole = Math.floor((bytes.length - lead) / 3) * 3;
    const text = bytes.subarray(lead, lead + whole).toString('base64');
    return text.length >= MIN_EMBEDDED_BASE64 ? [text] : [];
  });
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
