import { getAddress, isAddress } from 'viem';
import type { BlockTrigger, EventTrigger } from '@/db/schema/executables';
import { apiError } from '@/lib/api/errors';
import { enabledChains, findChain } from '@/lib/chains/config';
import type { TriggerInput } from '@/lib/executables/schemas';
import { eventTopic0, parseEventSignature } from './event-abi';
import { chainTriggerSettings, TRIGGER_LIMITS } from './settings';

type ChainTriggerInput = Extract<TriggerInput, { type: 'event' | 'block' }>;

const invalid = (message: string, details?: Record<string, unknown>) =>
  apiError('invalid_trigger', message, details);

const TOPIC = /^0x[0-9a-fA-F]{64}$/;

function checkTopic(value: string, at: number): string {
  if (!TOPIC.test(value)) throw invalid(`topics[${at}] must be 32-byte hex (0x and 64 hex digits)`);
  return value.toLowerCase();
}

function checkChain(chainId: number | undefined, defaultChainId: number) {
  const id = chainId ?? defaultChainId;
  const chain = findChain(id);
  if (!chain)
    throw invalid(`chain ${id} is not enabled on this deployment`, {
      enabledChainIds: enabledChains().map((c) => c.chainId),
    });
  return chain;
}

function checkConfirmations(given: number | undefined, chain: ReturnType<typeof checkChain>): number {
  const settings = chainTriggerSettings(chain);
  const confirmations = given ?? settings.defaultConfirmations;
  if (!Number.isInteger(confirmations) || confirmations < 0 || confirmations > settings.maxConfirmations)
    throw invalid(
      `confirmations must be an integer from 0 to ${settings.maxConfirmations} on chain ${chain.chainId}`,
      {
        maxConfirmations: settings.maxConfirmations,
      },
    );
  return confirmations;
}

function checkTopics(input: Extract<ChainTriggerInput, { type: 'event' }>): {
  event: string | null;
  topics: EventTrigger['topics'];
} {
  if ((input.topics?.length ?? 0) > 4) throw invalid('topics has 4 positions at most (topic0..topic3)');
  const topics: EventTrigger['topics'] = (input.topics ?? []).map((t, i) =>
    t === null ? null : Array.isArray(t) ? t.map((v) => checkTopic(v, i)) : checkTopic(t, i),
  );
  let event: string | null = null;
  if (input.event) {
    let topic0: string;
    try {
      topic0 = eventTopic0(parseEventSignature(input.event));
    } catch (error) {
      throw invalid(`event is not a Solidity event signature: ${(error as Error).message.split('\n')[0]}`);
    }
    const given = topics[0];
    if (given !== undefined && given !== null && (Array.isArray(given) || given !== topic0))
      throw invalid("topics[0] differs from the event signature's topic0; omit it or give null");
    topics[0] = topic0;
    event = input.event.trim().replace(/^event\s+/, '');
  }
  while (topics.length > 0 && topics[topics.length - 1] === null) topics.pop();
  if (topics[0] === undefined || topics[0] === null)
    throw invalid('an event trigger needs `event` (a signature) or topics[0]');
  return { event, topics };
}

/**
 * Checks an event or block trigger beyond its shape and fills its defaults: an enabled chain (the profile's
 * when omitted), 1 to 20 valid addresses (stored checksummed), a parseable event signature or 32-byte topics
 * (topic0 required), confirmations from 0 to the chain's maximum (its default when omitted), everyBlocks from
 * 1 to 10000. Refusals are `400 invalid_trigger`.
 */
export function validateChainTrigger(
  input: ChainTriggerInput,
  defaultChainId: number,
): EventTrigger | BlockTrigger {
  const chain = checkChain(input.chainId, defaultChainId);
  const confirmations = checkConfirmations(input.confirmations, chain);
  if (input.type === 'block') {
    const everyBlocks = input.everyBlocks ?? 1;
    if (!Number.isInteger(everyBlocks) || everyBlocks < 1 || everyBlocks > TRIGGER_LIMITS.maxEveryBlocks)
      throw invalid(`everyBlocks must be an integer from 1 to ${TRIGGER_LIMITS.maxEveryBlocks}`);
    return { type: 'block', chainId: chain.chainId, everyBlocks, confirmations };
  }
  if (input.addresses.length < 1 || input.addresses.length > TRIGGER_LIMITS.maxAddresses)
    throw invalid(`addresses must list 1 to ${TRIGGER_LIMITS.maxAddresses} contracts`);
  const addresses = [
    ...new Set(
      input.addresses.map((a, i) => {
        if (!isAddress(a, { strict: false })) throw invalid(`addresses[${i}] is not an address`);
        if (
          a !== a.toLowerCase() &&
          a.slice(2) !== a.slice(2).toUpperCase() &&
          !isAddress(a, { strict: true })
        )
          throw invalid(`addresses[${i}] has a wrong checksum`);
        return getAddress(a);
      }),
    ),
  ];
  const { event, topics } = checkTopics(input);
  return { type: 'event', chainId: chain.chainId, addresses, event, topics, confirmations };
}
