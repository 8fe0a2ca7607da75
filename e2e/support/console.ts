import type { Page } from '@playwright/test';

/** The anvil RPC of the stack under test (the global setup sets it). */
export const rpcUrl = () => {
  const url = process.env.TEST_RPC_URL;
  if (!url) throw new Error('TEST_RPC_URL is not set (the global setup sets it)');
  return url;
};

/** Signs in on the sign-in page with the injected wallet (installWallet). */
export async function signIn(page: Page) {
  await page.getByRole('button', { name: 'Sign in with Ethereum' }).click();
}

/** The workspace slug from a console URL such as /{slug}/projects. */
export const workspaceSlugOf = (url: string) => new URL(url).pathname.split('/')[1];
