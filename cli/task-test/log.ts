// The log an event-triggered task runs for under `tickwork test`: `--log file.json`, or a Gelato folder's
// `log.json` (what Gelato's own `w3f test` reads). Ethers' and viem's log shapes are both taken: numbers as JSON
// numbers, decimal strings or 0x quantities.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { TriggerLog } from '@/lib/runtime/task-types';
import { CliError } from '../output';

const Hex = z.string().regex(/^0x([0-9a-fA-F]{2})*$/, 'a 0x hex string of whole bytes');
const Word = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'a 0x hex string of 32 bytes');
const Quantity = z
  .union([z.number().int().nonnegative(), z.string().regex(/^(0x[0-9a-fA-F]+|[0-9]+)$/)])
  .transform((value) => Number(BigInt(value)));
const ZERO_WORD = `0x${'0'.repeat(64)}`;

const LogFile = z.object({
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'a 0x address'),
  topics: z.array(Word).max(4),
  data: Hex,
  blockNumber: Quantity.default(0),
  blockHash: Word.default(ZERO_WORD),
  transactionHash: Word.default(ZERO_WORD),
  transactionIndex: Quantity.default(0),
  // ethers names it `index` (v6) or `logIndex` (v5, viem)
  logIndex: Quantity.optional(),
  index: Quantity.optional(),
});

/** The log in `file`, as an event trigger hands it to the task; a clear error naming the file otherwise. */
export function readTriggerLog(file: string): TriggerLog {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CliError(`log ${file}: ${(error as Error).message}`);
  }
  const parsed = LogFile.safeParse(json);
  if (!parsed.success)
    throw new CliError(
      `log ${file} is not a log: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'log'}: ${i.message}`).join('; ')}`,
    );
  const { index, logIndex, ...log } = parsed.data;
  return { ...log, logIndex: logIndex ?? index ?? 0 };
}
