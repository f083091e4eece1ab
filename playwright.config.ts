import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/fixtures/chromium';

/**
 * e2e in the system Chromium against the real server. The global setup builds, starts server/main.ts
 * on a free port with a fresh data directory and sets E2E_BASE_URL, which the workers inherit.
 */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/fixtures/global-setup',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Two in CI too: a test spends much of its time waiting (for the server, a page to settle, a job),
  // which the other worker fills (on the two-core CI machine, 104 tests took 9 min instead of 15).
  workers: 2,
  reporter: 'list',
  // Generous: the shared CI machine has run these tests 3 to 5 times slower than a quiet one, and a
  // longer wait only costs time when a test fails. Tests that need more set their own.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  outputDir: 'test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1366, height: 768 },
        launchOptions: {
          executablePath: chromiumPath,
          args: chromiumArgs,
          // Chromium names a download from its (Chinese) file name only under a UTF-8 locale; in a
          // bare environment (no LANG, as on some CI machines) every download is called "download".
          env: { ...process.env, LC_ALL: 'C.UTF-8' },
        },
      },
    },
  ],
});
