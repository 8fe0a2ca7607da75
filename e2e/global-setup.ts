// Playwright global setup: reuse TEST_BASE_URL/TEST_RPC_URL when given, else boot and later stop a test stack.
import { existsSync } from 'node:fs';
import { startTestStack } from '../test/support/stack';

export default async function globalSetup() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) throw new Error(`${chromium} is missing: apt-get install -y chromium`);
  if (process.env.TEST_BASE_URL) {
    if (!process.env.TEST_RPC_URL) throw new Error('TEST_BASE_URL is set: set TEST_RPC_URL (its anvil) too');
    return;
  }
  const stack = await startTestStack();
  process.env.TEST_BASE_URL = stack.baseUrl;
  process.env.TEST_RPC_URL = stack.rpcUrl;
  process.env.TEST_DATABASE_URL = stack.databaseUrl;
  return async () => {
    await stack.stop();
  };
}
