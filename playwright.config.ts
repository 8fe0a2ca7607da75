// Playwright: the console end to end in Debian's Chromium (apt-get install -y chromium), one worker.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  // Boots a throw-away stack (needs `npx next build`) unless TEST_BASE_URL points at one already running.
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: process.env.TEST_BASE_URL,
    viewport: { width: 1440, height: 900 },
    // what a user who asks for less motion sees; an endless spinner also costs the software compositor CPU
    reducedMotion: 'reduce',
    // a failed test keeps its trace (actions, network, console, sources) and a screenshot of the failure; no
    // screencast and no DOM snapshots: both are taken for every test, passed or not (a screencast took about half
    // of the browser's CPU on these 2-core machines; DOM snapshots before and after each action made two specs
    // take 54 s and 27 s of CPU instead of 48 s and 24 s)
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        // Debian's wrapper (/etc/chromium.d) forces GPU rasterization, which without a GPU is software GL
        '--disable-gpu-rasterization',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
