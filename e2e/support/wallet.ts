import { expect, type Page } from '@playwright/test';
import {
  type Address,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  type TypedDataDefinition,
} from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';

type RpcReply = { result?: unknown; error?: { code: number; message: string } };
type ProviderSetup = { address: Address; chainId: number; uuid: string; icon: string };

const ICON =
  'data:image/svg+xml;base64,' +
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#4f46e5"/><path d="M9 17l5 5 9-11" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"/></svg>',
  ).toString('base64');

/**
 * Runs in the page before any script: a minimal EIP-1193 provider that answers account and chain queries
 * itself and hands everything else to Node through `__tickworkWallet`. Announced with EIP-6963 and also set
 * as `window.ethereum`.
 */
function installProvider({ address, chainId, uuid, icon }: ProviderSetup) {
  const w = window as unknown as {
    ethereum?: unknown;
    __tickworkWallet: (method: string, params: unknown) => Promise<RpcReply>;
  };
  const permissions = [
    { parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: [address] }] },
  ];
  const local: Record<string, unknown> = {
    eth_requestAccounts: [address],
    eth_accounts: [address],
    eth_chainId: `0x${chainId.toString(16)}`,
    net_version: String(chainId),
    wallet_requestPermissions: permissions,
    wallet_getPermissions: permissions,
    wallet_revokePermissions: null,
  };
  const provider = {
    isTickworkTestWallet: true,
    async request({ method, params }: { method: string; params?: unknown }) {
      if (method in local) return local[method];
      const reply = await w.__tickworkWallet(method, params ?? []);
      if (reply.error) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
      return reply.result;
    },
    on: () => provider,
    removeListener: () => provider,
  };
  w.ethereum = provider;
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: Object.freeze({
          info: { uuid, name: 'Tickwork Test Wallet', icon, rdns: 'dev.tickwork.testwallet' },
          provider,
        }),
      }),
    );
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
}

async function forward(rpcUrl: string, method: string, params: unknown): Promise<RpcReply> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as RpcReply;
  return body.error ? { error: body.error } : { result: body.result };
}

/** Signs in Node with the viem account; anything that is not a signature goes to the anvil RPC. */
function handler(account: PrivateKeyAccount, rpcUrl: string, chainId: number) {
  const chain = defineChain({
    id: chainId,
    name: 'test chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
  return async (method: string, params: any[]): Promise<RpcReply> => {
    try {
      switch (method) {
        case 'personal_sign':
          return { result: await account.signMessage({ message: { raw: params[0] as Hex } }) };
        case 'eth_signTypedData_v4': {
          const typed = JSON.parse(params[1]) as TypedDataDefinition & { types: Record<string, unknown> };
          const { EIP712Domain: _domain, ...types } = typed.types;
          return { result: await account.signTypedData({ ...typed, types } as TypedDataDefinition) };
        }
        case 'eth_sendTransaction': {
          const tx = params[0];
          return {
            result: await wallet.sendTransaction({
              to: tx.to,
              data: tx.data,
              value: tx.value ? BigInt(tx.value) : undefined,
              gas: tx.gas ? BigInt(tx.gas) : undefined,
            }),
          };
        }
        default:
          return forward(rpcUrl, method, params);
      }
    } catch (error) {
      return { error: { code: -32603, message: error instanceof Error ? error.message : String(error) } };
    }
  };
}

export type TestWallet = { address: Address; account: PrivateKeyAccount };

/** Gives the page a wallet backed by a fresh (or the given) private key. Call before the first navigation. */
export async function installWallet(
  page: Page,
  opts: { rpcUrl: string; chainId?: number; privateKey?: Hex },
): Promise<TestWallet> {
  const account = privateKeyToAccount(opts.privateKey ?? generatePrivateKey());
  const chainId = opts.chainId ?? 31337;
  await page.exposeFunction('__tickworkWallet', handler(account, opts.rpcUrl, chainId));
  await page.addInitScript(installProvider, {
    address: account.address,
    chainId,
    uuid: crypto.randomUUID(),
    icon: ICON,
  });
  return { address: account.address, account };
}

/** Connects the injected wallet with the page's Connect wallet button (again until hydration let it work). */
export async function connectWallet(page: Page) {
  const connected = page.getByTestId('connected-account');
  await expect(async () => {
    if (!(await connected.isVisible()))
      await page.getByRole('button', { name: 'Connect wallet' }).click({ timeout: 2_000 });
    await expect(connected).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
