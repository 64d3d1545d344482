import { describe, expect, it } from 'vitest';
import {
  blockedBy,
  playwrightCounts,
  runSteps,
  summarize,
  vitestCounts,
  type Outcome,
} from '../../scripts/test-summary.mjs';

/** The summary `npm test` closes with, over the outcomes of its seven steps. */
const tests = (passed: number, failed: number, skipped: number) => ({ passed, failed, skipped });
const passed = (label: string, counts: Outcome['tests'] = null): Outcome => ({
  label,
  status: 'passed',
  tests: counts,
});
const failed = (label: string, counts: Outcome['tests'] = null): Outcome => ({
  label,
  status: 'failed',
  reason: 'exit 1',
  tests: counts,
});
const checks = ['type check (node)', 'type check (renderer)', 'lint', 'format check'];

describe('npm test summary', () => {
  it('counts the tests of each report and one check for each step without one, and exits 0 when all passed', () => {
    const summary = summarize([
      ...checks.map((label) => passed(label)),
      passed('unit and integration tests', tests(900, 0, 3)),
      passed('build'),
      passed('end-to-end tests', tests(20, 0, 1)),
    ]);
    expect(summary.counts).toEqual(tests(925, 0, 4));
    expect(summary.exitCode).toBe(0);
    expect(summary.lines.at(-1)).toBe('925 passed, 0 failed, 4 skipped');
    expect(summary.lines.join('\n')).not.toMatch(/failed:|did not run:/);
  });

  it('counts a failed step without tests (lint) as one failed test and exits 1', () => {
    const summary = summarize([
      passed('type check (node)'),
      failed('lint'),
      passed('unit and integration tests', tests(900, 0, 0)),
    ]);
    expect(summary.lines.at(-1)).toBe('901 passed, 1 failed, 0 skipped');
    expect(summary.lines).toContain('failed: lint');
    expect(summary.lines.some((line) => /^\s+lint\s+failed \(exit 1\)$/.test(line))).toBe(true);
    expect(summary.exitCode).toBe(1);
  });

  it('counts failed tests as they are, and a failed test step whose report shows none as one more', () => {
    expect(summarize([failed('unit and integration tests', tests(897, 3, 0))]).counts).toEqual(
      tests(897, 3, 0),
    );
    // Vitest exits 1 on an error outside any test (a failing hook, an unhandled rejection).
    const crashed = summarize([failed('unit and integration tests', tests(900, 0, 0))]);
    expect(crashed.lines.at(-1)).toBe('900 passed, 1 failed, 0 skipped');
    expect(crashed.exitCode).toBe(1);
    // A test step that left no report at all is one failed check.
    expect(summarize([failed('unit and integration tests')]).counts).toEqual(tests(0, 1, 0));
  });

  it('names the steps that failed and those that did not run, with why, and counts each one not run as skipped', () => {
    const outcomes: Outcome[] = [passed('lint'), failed('build')];
    const e2e = { label: 'end-to-end tests', needs: ['build'] };
    const reason = blockedBy(e2e, outcomes);
    expect(reason).toBe('needs the build step, which failed');
    outcomes.push({ label: e2e.label, status: 'not run', reason: reason! });
    const summary = summarize(outcomes);
    expect(summary.lines).toEqual([
      '── summary',
      '  lint              passed',
      '  build             failed (exit 1)',
      '  end-to-end tests  not run (needs the build step, which failed)',
      'failed: build',
      'did not run: end-to-end tests',
      '1 passed, 1 failed, 1 skipped',
    ]);
    expect(summary.exitCode).toBe(1);
  });

  it('runs a step after any failure unless a step it needs failed or did not run', () => {
    const e2e = { label: 'end-to-end tests', needs: ['build'] };
    expect(blockedBy({ label: 'build' }, [failed('lint'), failed('unit and integration tests')])).toBeNull();
    expect(blockedBy(e2e, [failed('lint'), passed('build')])).toBeNull();
    expect(blockedBy(e2e, [{ label: 'build', status: 'not run', reason: 'x' }])).toBe(
      'needs the build step, which did not run',
    );
    expect(blockedBy(e2e, [])).toBe('needs the build step, which is not part of this run');
  });

  it('a step the machine cannot run (no Chromium) is not run, with what to type, and counts as one skipped, not a wall of failures', () => {
    const missing =
      'needs chromium (for the end-to-end tests), missing on this machine: run `sudo apt-get install -y chromium`';
    const steps = [{ label: 'build' }, { label: 'end-to-end tests', needs: ['build'], unavailable: missing }];
    const ran: string[] = [];
    const told: string[] = [];
    const outcomes = runSteps(
      steps,
      (step) => {
        ran.push(step.label);
        return { status: 'passed' };
      },
      (step, reason) => told.push(`${step.label}: ${reason}`),
    );
    expect(ran).toEqual(['build']);
    expect(told).toEqual([`end-to-end tests: ${missing}`]);
    const summary = summarize(outcomes);
    expect(summary.lines.at(-1)).toBe('1 passed, 0 failed, 1 skipped');
    expect(summary.exitCode).toBe(0);
  });

  describe('runSteps', () => {
    const steps = [
      ...checks.map((label) => ({ label })),
      { label: 'unit and integration tests' },
      { label: 'build' },
      { label: 'end-to-end tests', needs: ['build'] },
    ];
    /** Runs the steps with those in `failing` failing; returns what ran and the outcomes. */
    function runWith(failing: string[]) {
      const ran: string[] = [];
      const blocked: string[] = [];
      const outcomes = runSteps(
        steps,
        (step) => {
          ran.push(step.label);
          return failing.includes(step.label) ? { status: 'failed', reason: 'exit 2' } : { status: 'passed' };
        },
        (step, reason) => blocked.push(`${step.label}: ${reason}`),
      );
      return { ran, blocked, outcomes };
    }

    it('goes on past a failed step, to the end-to-end tests too when the build passed', () => {
      const { ran, blocked, outcomes } = runWith(['type check (node)', 'unit and integration tests']);
      expect(ran).toEqual(steps.map((step) => step.label));
      expect(blocked).toEqual([]);
      const summary = summarize(outcomes);
      expect(summary.lines).toContain('failed: type check (node), unit and integration tests');
      expect(summary.lines.at(-1)).toBe('5 passed, 2 failed, 0 skipped');
      expect(summary.exitCode).toBe(1);
    });

    it('runs everything but the end-to-end tests when the build failed, and says so', () => {
      const { ran, blocked, outcomes } = runWith(['lint', 'build']);
      expect(ran).toEqual(steps.map((step) => step.label).filter((label) => label !== 'end-to-end tests'));
      expect(blocked).toEqual(['end-to-end tests: needs the build step, which failed']);
      expect(outcomes.at(-1)).toEqual({
        label: 'end-to-end tests',
        status: 'not run',
        reason: 'needs the build step, which failed',
      });
      expect(summarize(outcomes).lines.slice(-3)).toEqual([
        'failed: lint, build',
        'did not run: end-to-end tests',
        '4 passed, 2 failed, 1 skipped',
      ]);
    });
  });

  it('exits 1 when a report counts a failed test although its step exited 0', () => {
    expect(summarize([passed('end-to-end tests', tests(5, 1, 0))]).exitCode).toBe(1);
  });

  it('reads the counts of Vitest and Playwright JSON reports', () => {
    expect(
      vitestCounts({ numPassedTests: 10, numFailedTests: 2, numPendingTests: 3, numTodoTests: 1 }),
    ).toEqual(tests(10, 2, 4));
    expect(vitestCounts({ numPassedTests: 1, numFailedTests: 0, numPendingTests: 0 })).toEqual(
      tests(1, 0, 0),
    );
    // A test that passed on retry (flaky) passed.
    expect(playwrightCounts({ stats: { expected: 7, flaky: 1, unexpected: 2, skipped: 1 } })).toEqual(
      tests(8, 2, 1),
    );
  });
});
