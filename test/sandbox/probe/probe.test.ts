import { describe, expect, it } from 'vitest';
import { communityProbe } from './community-probe.ts';
import { communityStatsProbe } from './community-stats-probe.ts';
import { dashboardProbe } from './dashboard-probe.ts';
import { libraryProbe } from './library-probe.ts';
import { useProbe } from './probe-client.ts';
import { robustnessProbe } from './robustness-probe.ts';
import { schedulerProbe } from './scheduler-probe.ts';

/**
 * The conformance probe: the real CLI (`node src/sandbox/cli.ts --port 0 --json`), as an
 * independent checker starts it, driven over HTTP through the URLs and tokens of its ready line.
 * One sandbox serves every suite, so the suites run in this order and share its state.
 */
describe('sandbox conformance probe (real CLI, plain fetch)', () => {
  const probe = useProbe();

  it('prints one JSON ready line with four base URLs, two tokens and the brands', () => {
    const { ready } = probe();
    expect(ready.ready).toBe(true);
    for (const area of ['library', 'scheduler', 'dashboard', 'community'] as const) {
      expect(ready.urls[area]).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/${area}$`));
    }
    expect(ready.tokens.application).not.toBe(ready.tokens.user);
    expect(ready.brands.length).toBeGreaterThanOrEqual(3);
    expect(ready.brands).not.toContain(ready.foreign_brand);
  });

  libraryProbe(probe);
  schedulerProbe(probe);
  dashboardProbe(probe);
  communityProbe(probe);
  communityStatsProbe(probe);
  robustnessProbe(probe);

  // Coverage guard (not a behaviour): the suites above must add up to an independent probe's ~90.
  // A test, not an afterAll, so that a run filtered to a few tests (-t) skips it instead of
  // failing in a hook, which also kept the sandbox from being closed.
  it('sent at least the ~90 requests of an independent probe', () => {
    console.info(`conformance probe: ${probe().requests} requests`);
    expect(probe().requests).toBeGreaterThanOrEqual(90);
  });
});
