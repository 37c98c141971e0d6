import { defineConfig } from 'vitest/config';

// One `vitest run` covers every suite. Unit suites run in parallel; the
// integration project shares one local stack (tests/setup/stack.ts) and runs
// its files one after another.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: './domain',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'functions',
          root: './functions',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'scripts',
          root: './scripts',
          environment: 'node',
          include: ['**/*.test.ts'],
        },
      },
      './web/vite.config.ts',
      {
        test: {
          name: 'integration',
          root: './tests',
          environment: 'node',
          include: ['**/*.test.ts'],
          globalSetup: ['./setup/global-setup.ts'],
          // The suites run the functions' code in-process against the local stack, in the
          // emulator's place: they may read its switches (functions/src/localStack.ts).
          env: { FUNCTIONS_EMULATOR: 'true' },
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A browser or a busy stack may take more than vitest's default second to show a
          // change that expect.poll waits for (the whole run shares two cores); a poll that times
          // out still fails, only later. Tests that need longer say so.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
