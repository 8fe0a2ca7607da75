import type { BlockTrigger, EventTrigger } from '@/db/schema/executables';

// Event and block triggers as the console edits them: text fields, turned into the API's trigger shape (the
// server validates it: lib/triggers/validate.ts). Pure, for server pages and client forms alike.

export type ChainTriggerInput =
  | {
      type: 'event';
      chainId?: number;
      addresses: string[];
      event?: string | null;
      topics?: (string | string[] | null)[];
      confirmations?: number;
    }
  | { type: 'block'; chainId?: number; everyBlocks?: number; confirmations?: number };

/**
 * `chainId` '' is the profile's chain; `addresses` one per line; `topics` one position per line (topic0 first;
 * empty, `null` or `*` for any; comma-separated values for any of them); empty numbers are the defaults.
 */
export type ChainDraft = {
  chainId: string;
  addresses: string;
  event: string;
  topics: string;
  confirmations: string;
  everyBlocks: string;
};

/** An enabled chain the trigger form offers, with its confirmation defaults (lib/triggers/settings.ts). */
export type ChainOption = {
  chainId: number;
  name: string;
  defaultConfirmations: number;
  maxConfirmations: number;
};

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

const topicText = (t: string | string[] | null) =>
  t === null ? 'null' : Array.isArray(t) ? t.join(', ') : t;

export function chainDraftOf(trigger: EventTrigger | BlockTrigger | null): ChainDraft {
  const draft = { chainId: '', addresses: '', event: '', topics: '', confirmations: '', everyBlocks: '1' };
  if (!trigger) return draft;
  const common = { ...draft, chainId: String(trigger.chainId), confirmations: String(trigger.confirmations) };
  if (trigger.type === 'block') return { ...common, everyBlocks: String(trigger.everyBlocks) };
  // With a signature, topic0 is the signature's: shown as "any" so that editing the signature keeps it right.
  const topics: (string | string[] | null)[] = trigger.event
    ? [null, ...trigger.topics.slice(1)]
    : trigger.topics;
  while (topics.length > 0 && topics[topics.length - 1] === null) topics.pop();
  return {
    ...common,
    addresses: trigger.addresses.join('\n'),
    event: trigger.event ?? '',
    topics: topics.map(topicText).join('\n'),
  };
}

function topicsOf(text: string): (string | string[] | null)[] {
  const rows = text.split(/\r?\n/).map((l) => l.trim());
  while (rows.length > 0 && rows[rows.length - 1] === '') rows.pop();
  return rows.map((row) => {
    if (row === '' || row === '*' || row.toLowerCase() === 'null') return null;
    const values = row
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    return values.length === 1 ? values[0] : values;
  });
}

const optionalInt = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

export function chainTriggerOf(type: 'event' | 'block', draft: ChainDraft): ChainTriggerInput {
  const chainId = optionalInt(draft.chainId);
  const confirmations = optionalInt(draft.confirmations);
  if (type === 'block') return { type, chainId, everyBlocks: optionalInt(draft.everyBlocks), confirmations };
  const topics = topicsOf(draft.topics);
  return {
    type,
    chainId,
    addresses: lines(draft.addresses),
    event: draft.event.trim() || null,
    ...(topics.length > 0 && { topics }),
    confirmations,
  };
}

const TRIGGER_FIELDS = [
  'addresses',
  'event',
  'topics',
  'confirmations',
  'everyBlocks',
  'intervalMs',
  'cronspec',
];

/**
 * The trigger field a refusal is about (`invalid_trigger` / `invalid_cron` messages name it first, e.g.
 * "addresses[0] is not an address"), as `trigger.<field>`; undefined when it names none.
 */
export function triggerFieldOf(message: string): string | undefined {
  if (/^chain \d+ is not enabled/.test(message)) return 'trigger.chainId';
  if (/^an event trigger needs `event`/.test(message)) return 'trigger.event';
  const named = TRIGGER_FIELDS.find((f) => message.startsWith(f));
  return named && `trigger.${named}`;
}
