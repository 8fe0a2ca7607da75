import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Address } from 'viem';
import { type DemoSeed, demoInstructions, seedDemo } from '@/cli/demo';
import { DATA_DIR } from '@/lib/config/paths';

const DEMO_FILE = path.join(DATA_DIR, 'demo.json');

async function waitForHealth(apiUrl: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${apiUrl}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the app did not become healthy');
}

/**
 * The start command's demo: seeded once, on the first start of a fresh `.data/` (its ids and key are kept in
 * `.data/demo.json`, next to the master key), then only recalled. `--no-demo` or `TICKWORK_SEED_DEMO=off` skip it.
 */
export async function offerDemo(apiUrl: string, env: NodeJS.ProcessEnv) {
  if (process.argv.includes('--no-demo') || env.TICKWORK_SEED_DEMO === 'off' || !env.TICKWORK_LOCAL_RPC_URL)
    return;
  try {
    await waitForHealth(apiUrl);
    let seed: DemoSeed;
    if (existsSync(DEMO_FILE)) seed = JSON.parse(readFileSync(DEMO_FILE, 'utf8')) as DemoSeed;
    else {
      console.error('[tickwork] seeding the demo workspace (first start)…');
      seed = await seedDemo({
        apiUrl,
        databaseUrl: env.DATABASE_URL as string,
        owner: env.TICKWORK_DEMO_OWNER as Address | undefined,
      });
      writeFileSync(DEMO_FILE, JSON.stringify(seed, null, 2), { mode: 0o600 });
    }
    console.error(demoInstructions(seed, apiUrl));
  } catch (error) {
    console.error(`[tickwork] the demo could not be seeded: ${(error as Error).message}`);
  }
}
