import { type AbiEvent, decodeEventLog, type Hex, parseAbiItem, toEventSelector } from 'viem';

/** Parses a Solidity event signature (with or without the leading `event`); throws when it is not one. */
export function parseEventSignature(signature: string): AbiEvent {
  const text = signature.trim().replace(/^event\s+/, '');
  const item = parseAbiItem(`event ${text}`) as AbiEvent;
  if (item.type !== 'event') throw new Error('not an event');
  return item;
}

export const eventTopic0 = (event: AbiEvent): string => toEventSelector(event).toLowerCase();

/** JSON-safe copies of decoded values: bigints as decimal strings, arrays and structs kept. */
function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

/**
 * A log decoded with the trigger's event signature: `{ name, args }` (named args as an object, unnamed ones as
 * an array; bigints as decimal strings), or undefined when the log does not decode with it.
 */
export function decodeTriggerLog(
  signature: string,
  log: { topics: string[]; data: string },
): { name: string; args: unknown } | undefined {
  try {
    const event = parseEventSignature(signature);
    const decoded = decodeEventLog({
      abi: [event],
      topics: log.topics as [Hex, ...Hex[]],
      data: log.data as Hex,
      strict: true,
    });
    return { name: decoded.eventName as string, args: plain(decoded.args) };
  } catch {
    return undefined;
  }
}
