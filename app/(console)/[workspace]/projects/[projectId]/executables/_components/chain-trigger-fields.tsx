'use client';

import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { ChainDraft, ChainOption } from './chain-draft';

/** Where a field's refusal shows: `trigger.<name>` from the server action. */
export type FieldError = { field?: string; message: string; code?: string } | null;

const errorAt = (error: FieldError, name: string) =>
  error?.field === `trigger.${name}` ? error.message : undefined;

/**
 * An event trigger's chain, contracts, signature or topics and confirmations; a block trigger's chain, period
 * and confirmations. The chain defaults to the profile's; confirmations to the chain's default (placeholder).
 */
export function ChainTriggerFields({
  id,
  type,
  draft,
  onChange,
  chains,
  profileChainId,
  error,
}: {
  id: string;
  type: 'event' | 'block';
  draft: ChainDraft;
  onChange: (draft: ChainDraft) => void;
  chains: ChainOption[];
  profileChainId: number | null;
  error: FieldError;
}) {
  const set = (patch: Partial<ChainDraft>) => onChange({ ...draft, ...patch });
  const chainId = draft.chainId === '' ? profileChainId : Number(draft.chainId);
  const chain = chains.find((c) => c.chainId === chainId);
  const profileChain = chains.find((c) => c.chainId === profileChainId);
  return (
    <div className="grid gap-3" data-testid="chain-trigger-fields">
      <div className="grid grid-cols-2 gap-3">
        <Field label="Chain" htmlFor={`${id}-chain`} error={errorAt(error, 'chainId')}>
          <Select id={`${id}-chain`} value={draft.chainId} onChange={(e) => set({ chainId: e.target.value })}>
            <option value="">
              Profile’s chain
              {profileChain ? ` (${profileChain.name})` : profileChainId ? ` (${profileChainId})` : ''}
            </option>
            {chains.map((c) => (
              <option key={c.chainId} value={String(c.chainId)}>
                {c.name} · {c.chainId}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label="Confirmations"
          htmlFor={`${id}-confirmations`}
          error={errorAt(error, 'confirmations')}
          hint={
            chain ? `Default ${chain.defaultConfirmations}, at most ${chain.maxConfirmations}.` : undefined
          }
        >
          <Input
            id={`${id}-confirmations`}
            type="number"
            min={0}
            max={chain?.maxConfirmations}
            placeholder={chain ? String(chain.defaultConfirmations) : 'chain default'}
            value={draft.confirmations}
            onChange={(e) => set({ confirmations: e.target.value })}
          />
        </Field>
      </div>
      {type === 'block' ? (
        <Field
          label="Every N blocks"
          htmlFor={`${id}-every`}
          error={errorAt(error, 'everyBlocks')}
          hint="Runs for each block whose number is a multiple of it (1 to 10000)."
        >
          <Input
            id={`${id}-every`}
            type="number"
            min={1}
            max={10000}
            value={draft.everyBlocks}
            onChange={(e) => set({ everyBlocks: e.target.value })}
          />
        </Field>
      ) : (
        <>
          <Field
            label="Contract addresses"
            htmlFor={`${id}-addresses`}
            error={errorAt(error, 'addresses')}
            hint="One per line, 1 to 20."
          >
            <Textarea
              id={`${id}-addresses`}
              className="font-mono text-xs"
              rows={2}
              placeholder="0x…"
              value={draft.addresses}
              onChange={(e) => set({ addresses: e.target.value })}
            />
          </Field>
          <Field
            label="Event signature"
            htmlFor={`${id}-event`}
            error={errorAt(error, 'event')}
            hint="Its topic0 filters the logs, and the task gets the decoded args. Leave empty to give topic0 below."
          >
            <Input
              id={`${id}-event`}
              className="font-mono text-xs"
              placeholder="Transfer(address indexed from, address indexed to, uint256 value)"
              value={draft.event}
              onChange={(e) => set({ event: e.target.value })}
            />
          </Field>
          <Field
            label="Topics"
            htmlFor={`${id}-topics`}
            error={errorAt(error, 'topics')}
            hint="Optional: one position per line (topic0 first), 32-byte hex; null for any, comma-separated for any of several."
          >
            <Textarea
              id={`${id}-topics`}
              className="font-mono text-xs"
              rows={2}
              placeholder={'null\n0x000000000000000000000000…'}
              value={draft.topics}
              onChange={(e) => set({ topics: e.target.value })}
            />
          </Field>
        </>
      )}
    </div>
  );
}
