import { describe, expect, it } from 'vitest';
import { line, lineReader } from '@/lib/runtime/runners/gvisor/protocol';

// The line protocol between the host and a sandbox's worker: bytes are split into JSON lines whatever the chunk
// boundaries are, multibyte UTF-8 characters included, and a line's limit is counted in bytes.

const read = (chunks: Buffer[], maxLineBytes = 1024) => {
  const messages: unknown[] = [];
  const bad: string[] = [];
  const reader = lineReader(
    maxLineBytes,
    (m) => messages.push(m),
    (why) => bad.push(why),
  );
  for (const chunk of chunks) reader(chunk);
  return { messages, bad };
};

describe('the line reader', () => {
  it('a multibyte character split across chunks arrives whole, at every split point', () => {
    const message = { t: 'done', id: 1, text: 'a€b😀c é' };
    const bytes = Buffer.from(line(message as never) + line({ t: 'ready' }));
    for (let at = 1; at < bytes.length; at++) {
      const { messages, bad } = read([bytes.subarray(0, at), bytes.subarray(at)]);
      expect(bad).toEqual([]);
      expect(messages).toEqual([message, { t: 'ready' }]);
    }
  });

  it('one byte at a time still gives the same text', () => {
    const message = { t: 'done', id: 2, text: '日本語のログ'.repeat(20) };
    const bytes = Buffer.from(line(message as never));
    const { messages } = read(
      [...bytes].map((b) => Buffer.from([b])),
      4096,
    );
    expect(messages).toEqual([message]);
  });

  it('counts the line limit in bytes, not characters', () => {
    // 100 characters of 3 bytes each: 300 bytes (and its JSON) over a 200-byte limit, though under 200 characters.
    const text = '€'.repeat(100);
    const unterminated = read([Buffer.from(`{"t":"x","s":"${text}`)], 200);
    expect(unterminated.bad).toEqual(['a message over 200 bytes']);
    const whole = read([Buffer.from(`${JSON.stringify({ s: text })}\n`)], 200);
    expect(whole.bad).toEqual(['a message over 200 bytes']);
    expect(whole.messages).toEqual([]);
    const fits = read([Buffer.from(`${JSON.stringify({ s: text })}\n`)], 400);
    expect(fits.messages).toEqual([{ s: text }]);
  });

  it('a line that is not JSON ends the stream', () => {
    const { messages, bad } = read([Buffer.from('{"t":"ready"}\nnot json\n{"t":"ready"}\n')]);
    expect(messages).toEqual([{ t: 'ready' }]);
    expect(bad).toEqual(['a message that is not JSON']);
  });
});
