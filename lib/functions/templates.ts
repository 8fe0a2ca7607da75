import path from 'node:path';
import type { BuiltRelease } from './build/build-release';
import { buildForConsole } from './build/uploaded-folder';

/** How a template's code is written: for Tickwork's SDK, or unedited for a platform users move from. */
export type TemplateStyle = 'Tickwork' | 'Gelato' | 'Defender';

export type FunctionTemplate = {
  /** Its folder in examples/tasks, and the name a release made from it gets. */
  id: string;
  title: string;
  style: TemplateStyle;
  summary: string;
  /** What the args ask for, in words (the release's schema gives the form). */
  args: string;
};

/**
 * The console's template gallery (Functions → Start from a template): the repository's example tasks, each a
 * folder under examples/tasks with its README, built on the server as an uploaded folder is. On the local dev
 * chain their permissions name the demo contracts it deploys.
 */
export const FUNCTION_TEMPLATES: readonly FunctionTemplate[] = [
  {
    id: 'storage-counter',
    title: 'Storage counter',
    style: 'Tickwork',
    summary: 'Counts its runs in storage and calls increment() on a counter every other run.',
    args: 'the counter contract',
  },
  {
    id: 'balance-threshold',
    title: 'Balance top-up',
    style: 'Tickwork',
    summary: "Reads an account's native or ERC-20 balance and calls topUp() when it falls below a threshold.",
    args: 'the account, a threshold, the refill contract and an optional token',
  },
  {
    id: 'webhook-args',
    title: 'Webhook transfer',
    style: 'Tickwork',
    summary: 'Made for webhook calls: the JSON body names a recipient and an amount of TICK to transfer.',
    args: 'a recipient and an amount (the webhook body replaces them)',
  },
  {
    id: 'gelato-counter',
    title: 'Gelato-style counter',
    style: 'Gelato',
    summary:
      'A Gelato Web3 Function (Web3Function.onRun, userArgs, storage) that increments a counter at most once per interval.',
    args: 'the counter contract and the interval (defaults from userArgs.json)',
  },
  {
    id: 'defender-counter',
    title: 'Defender-style counter',
    style: 'Defender',
    summary:
      "An OpenZeppelin Defender action (exports.handler, defender-sdk's relaySigner) that increments a counter up to a target.",
    args: 'the counter contract and the target count',
  },
];

const EXAMPLES = path.join(/* turbopackIgnore: true */ process.cwd(), 'examples/tasks');

export const findTemplate = (id: string) => FUNCTION_TEMPLATES.find((t) => t.id === id);

/** The template's folder built into a release ZIP, as an uploaded folder is built. */
export function buildTemplate(template: FunctionTemplate): Promise<BuiltRelease> {
  return buildForConsole(path.join(EXAMPLES, template.id));
}
