import type { TestProject } from 'vitest/node';
import { buildCli } from './support/cli-build';
import { startTestStack } from './support/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    rpcUrl: string;
    bundlerUrl: string;
    paymasterUrl: string;
    masterKey: string;
    /** The compiled CLI's entry (test/support/cli-build.ts). */
    cliEntry: string;
  }
}

/** Reuses the stack `npm test` booted (TEST_BASE_URL…) or boots one for a bare `vitest run`. */
export default async function setup(project: TestProject) {
  const given = process.env.TEST_BASE_URL;
  const [stack, cli] = await Promise.all([given ? null : startTestStack(), buildCli()]);
  project.provide('baseUrl', given ?? (stack?.baseUrl as string));
  project.provide('databaseUrl', process.env.TEST_DATABASE_URL ?? (stack?.databaseUrl as string));
  project.provide('rpcUrl', process.env.TEST_RPC_URL ?? (stack?.rpcUrl as string));
  project.provide('bundlerUrl', process.env.TEST_BUNDLER_URL ?? (stack?.bundlerUrl as string));
  project.provide('paymasterUrl', process.env.TEST_PAYMASTER_URL ?? (stack?.paymasterUrl as string));
  project.provide('masterKey', process.env.TEST_MASTER_KEY ?? (stack?.env.TICKWORK_MASTER_KEY as string));
  project.provide('cliEntry', cli.entry);
  return async () => {
    cli.remove();
    await stack?.stop();
  };
}
