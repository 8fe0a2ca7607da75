'use client';

import { Wand2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { getAddress, isAddress } from 'viem';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ALLOWANCE_PERIODS } from '@/lib/zodiac/allowance-spec';
import { argTypesOf } from '@/lib/zodiac/conditions';
import {
  keeperCallPreset,
  type PresetCalls,
  tokenApprovePreset,
  tokenTransferPreset,
} from '@/lib/zodiac/presets';
import { RefillPeriodSelect } from '../../_components/refill-period-select';
import { amountInTokens, type TokenLookup, useTokenInfo } from './use-token-info';

type PresetKind = '' | 'transfer' | 'approve' | 'keeper';

const WHOLE = /^\d{1,38}$/;

/** Addresses typed one per line or separated by commas, checksummed; null when one is not an address. */
function addressesOf(text: string): string[] | null {
  const parts = text
    .split(/[\s,]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0 || !parts.every((p) => isAddress(p, { strict: false }))) return null;
  return [...new Set(parts.map((p) => getAddress(p)))];
}

/** The token's symbol and decimals as read from chain, under its field. */
function tokenWords(lookup: TokenLookup): string | undefined {
  if (lookup.state === 'reading') return 'Reading the token…';
  if (lookup.state === 'unknown') return 'No ERC-20 token answers at this address on this chain.';
  if (lookup.state === 'token') return `${lookup.token.symbol} · ${lookup.token.decimals} decimals`;
  return undefined;
}

/**
 * "Start from a preset": a short form for a common shape of least privilege (token transfers to listed
 * recipients within an allowance; an approval to one spender; one keeper function), which fills the calls
 * with their argument conditions and the allowances they spend from.
 */
export function PresetForm({
  workspaceSlug,
  chainId,
  onApply,
}: {
  workspaceSlug: string;
  chainId: number;
  onApply: (preset: PresetCalls) => void;
}) {
  const [kind, setKind] = useState<PresetKind>('');
  const [fields, setFields] = useState<Record<string, string>>({ period: '86400' });
  const [error, setError] = useState<string | null>(null);
  const token = useTokenInfo(workspaceSlug, chainId, kind === 'keeper' ? '' : (fields.token ?? ''));
  const inTokens = (name: string, otherwise?: string) => amountInTokens(fields[name], token) ?? otherwise;
  const field = (name: string) => ({
    id: `preset-${name}`,
    value: fields[name] ?? '',
    onChange: (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value })),
  });

  const build = (): PresetCalls | string => {
    const token = fields.token?.trim() ?? '';
    if (kind === 'transfer') {
      const recipients = addressesOf(fields.recipients ?? '');
      if (!isAddress(token, { strict: false })) return 'The token is a 20-byte 0x address.';
      if (!recipients) return 'Recipients: one or more 0x addresses, one per line or separated by commas.';
      if (!WHOLE.test(fields.amount ?? ''))
        return 'The amount per period is a whole number of the token’s smallest unit.';
      if (fields.perCall && !WHOLE.test(fields.perCall)) return 'The most per transfer is a whole number.';
      const period =
        ALLOWANCE_PERIODS.find((p) => String(p.seconds) === fields.period) ?? ALLOWANCE_PERIODS[1];
      return tokenTransferPreset({
        token: getAddress(token),
        recipients,
        allowance: { name: `transfer-${period.name}`, amount: fields.amount, periodSeconds: period.seconds },
        ...(fields.perCall && { perCall: fields.perCall }),
      });
    }
    if (kind === 'approve') {
      const spender = fields.spender?.trim() ?? '';
      if (!isAddress(token, { strict: false })) return 'The token is a 20-byte 0x address.';
      if (!isAddress(spender, { strict: false })) return 'The spender is a 20-byte 0x address.';
      if (fields.max && !WHOLE.test(fields.max)) return 'The most per approval is a whole number.';
      return tokenApprovePreset({
        token: getAddress(token),
        spender: getAddress(spender),
        ...(fields.max && { max: fields.max }),
      });
    }
    const target = fields.target?.trim() ?? '';
    const signature = (fields.signature ?? '').replace(/\s+/g, '');
    if (!isAddress(target, { strict: false })) return 'The contract is a 20-byte 0x address.';
    if (!argTypesOf(signature)) return 'The function is a signature like performUpkeep(bytes) or harvest().';
    return keeperCallPreset({ target: getAddress(target), signature });
  };

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const preset = build();
    if (typeof preset === 'string') return setError(preset);
    setError(null);
    onApply(preset);
  };

  return (
    <form onSubmit={apply} className="grid grid-cols-1 gap-3" data-testid="preset-form">
      <Field
        label="Start from a preset"
        htmlFor="preset-kind"
        className="max-w-md"
        hint="Replaces the list below with the preset's calls, their conditions and allowance."
      >
        <Select id="preset-kind" value={kind} onChange={(e) => setKind(e.target.value as PresetKind)}>
          <option value="">None</option>
          <option value="transfer">Token transfers to listed recipients, within an allowance</option>
          <option value="approve">Token approval to one spender</option>
          <option value="keeper">A keeper function, no value</option>
        </Select>
      </Field>
      {kind !== '' && (
        <div className="grid grid-cols-1 gap-3 rounded-lg border p-4 sm:grid-cols-2">
          {kind === 'keeper' ? (
            <>
              <Field label="Contract" htmlFor="preset-target">
                <Input {...field('target')} className="font-mono" spellCheck={false} placeholder="0x…" />
              </Field>
              <Field label="Function" htmlFor="preset-signature">
                <Input
                  {...field('signature')}
                  className="font-mono"
                  spellCheck={false}
                  placeholder="performUpkeep(bytes)"
                />
              </Field>
            </>
          ) : (
            <Field label="Token" htmlFor="preset-token" hint={tokenWords(token)}>
              <Input {...field('token')} className="font-mono" spellCheck={false} placeholder="0x…" />
            </Field>
          )}
          {kind === 'transfer' && (
            <>
              <Field label="Recipients" htmlFor="preset-recipients" hint="One or more addresses.">
                <Input
                  {...field('recipients')}
                  className="font-mono"
                  spellCheck={false}
                  placeholder="0x…, 0x…"
                />
              </Field>
              <Field
                label="Amount per period"
                htmlFor="preset-amount"
                hint={inTokens(
                  'amount',
                  "In the token's smallest unit: 1,000 USDC (6 decimals) is 1000000000.",
                )}
              >
                <Input
                  {...field('amount')}
                  inputMode="numeric"
                  className="font-mono"
                  placeholder="1000000000"
                />
              </Field>
              <Field label="Period" htmlFor="preset-period">
                <RefillPeriodSelect {...field('period')} />
              </Field>
              <Field label="Most per transfer (optional)" htmlFor="preset-perCall" hint={inTokens('perCall')}>
                <Input {...field('perCall')} inputMode="numeric" className="font-mono" />
              </Field>
            </>
          )}
          {kind === 'approve' && (
            <>
              <Field label="Spender" htmlFor="preset-spender">
                <Input {...field('spender')} className="font-mono" spellCheck={false} placeholder="0x…" />
              </Field>
              <Field label="Most per approval (optional)" htmlFor="preset-max" hint={inTokens('max')}>
                <Input {...field('max')} inputMode="numeric" className="font-mono" />
              </Field>
            </>
          )}
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
            <Button type="submit" variant="outline">
              <Wand2 />
              Use this preset
            </Button>
            {error && (
              <p className="text-destructive text-xs" role="alert">
                {error}
              </p>
            )}
          </div>
        </div>
      )}
    </form>
  );
}
