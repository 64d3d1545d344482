import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vitest/config';

// Timeouts are deadlines against a hang, never speed checks: on a busy 2-core machine a test
// that takes 2 s alone can take 20 s, and a test that timed out there proved nothing.
export default defineConfig({
  test: {
    // expect.poll waits for a state to be reached; its 1 s default failed a passing test with
    // both cores busy (each poll there is a call through the services).
    expect: { poll: { timeout: 30_000 } },
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/renderer/**', 'test/e2e/**', 'test/electron/**'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        plugins: [vue()],
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          include: ['test/renderer/**/*.test.ts'],
          hookTimeout: 60_000,
          // A file's first test loads the app's views on demand (naive-ui's date picker, tables,
          // charts); with both cores busy that alone took 24 s for the reports view (a fresh-clone
          // run failed on the former 20 s), so the same deadline as the node tests.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
