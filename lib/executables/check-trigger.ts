import type { Trigger } from '@/db/schema/executables';
import { validateTrigger } from '@/lib/schedules/clock';
import { validateChainTrigger } from '@/lib/triggers/validate';
import type { TriggerInput } from './schemas';

/**
 * Checks any trigger a request gives (create, the trigger facet) and answers the one to store: schedules
 * through `validateTrigger`, event and block triggers through `validateChainTrigger` (server-only: it reads the
 * deployment's chains), with `defaultChainId` (the profile's chain) when the trigger names none.
 */
export function checkTrigger(input: TriggerInput, defaultChainId: number): Trigger {
  if (input.type === 'event' || input.type === 'block') return validateChainTrigger(input, defaultChainId);
  return validateTrigger(input);
}
