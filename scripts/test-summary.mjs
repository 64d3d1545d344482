// The pure part of `npm test` (scripts/test.mjs): which steps may run, how their reports count,
// and the closing summary. Kept apart from the spawning so it can be tested on its own.
//
// How the closing line "N passed, N failed, N skipped" counts:
// - a step with a test report (unit, end-to-end) adds its tests;
// - a step without one (type check, lint, format check, build; or a test step that left no
//   report) counts as one check: 1 passed, 1 failed, or 1 skipped when it did not run;
// - a test step that failed although its report counts no failed test (a crash, a failing hook,
//   an error outside any test) adds 1 failed, so a failed run never reads "0 failed".

/** @typedef {{ passed: number, failed: number, skipped: number }} Counts */
/**
 * @typedef {object} Outcome
 * @property {string} label
 * @property {'passed' | 'failed' | 'not run'} status
 * @property {string} [reason] why it failed (exit status) or did not run
 * @property {Counts | null} [tests] the counts of its test report, when it left one
 */

/**
 * Why `step` cannot run after the outcomes so far (something it needs is missing from the
 * machine, or a step it needs failed or did not run), or null when it can.
 * @param {{ label: string, needs?: string[], unavailable?: string | null }} step
 * @param {Outcome[]} outcomes
 * @returns {string | null}
 */
export function blockedBy(step, outcomes) {
  if (step.unavailable) return step.unavailable;
  for (const need of step.needs ?? []) {
    const before = outcomes.find((outcome) => outcome.label === need);
    if (!before) return `needs the ${need} step, which is not part of this run`;
    if (before.status === 'failed') return `needs the ${need} step, which failed`;
    if (before.status === 'not run') return `needs the ${need} step, which did not run`;
  }
  return null;
}

/**
 * Runs every step in order, whatever failed before it, except one that `blockedBy` stops.
 * @param {{ label: string, needs?: string[], unavailable?: string | null }[]} steps
 * @param {(step: any) => Omit<Outcome, 'label'>} run runs one step and says how it went
 * @param {(step: any, reason: string) => void} [onBlocked] told of each step that does not run
 * @returns {Outcome[]}
 */
export function runSteps(steps, run, onBlocked = () => {}) {
  const outcomes = [];
  for (const step of steps) {
    const blocked = blockedBy(step, outcomes);
    if (blocked) {
      onBlocked(step, blocked);
      outcomes.push({ label: step.label, status: 'not run', reason: blocked });
    } else outcomes.push({ label: step.label, ...run(step) });
  }
  return outcomes;
}

/** Counts of a Vitest JSON report. */
export function vitestCounts(report) {
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + (report.numTodoTests ?? 0),
  };
}

/** Counts of a Playwright JSON report (a test that passed on retry counts as passed). */
export function playwrightCounts(report) {
  const { stats } = report;
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}

/**
 * What one step adds to the closing line (see the rules at the top).
 * @param {Outcome} outcome
 * @returns {Counts}
 */
export function countsOfStep(outcome) {
  const { status, tests } = outcome;
  if (!tests) {
    return {
      passed: status === 'passed' ? 1 : 0,
      failed: status === 'failed' ? 1 : 0,
      skipped: status === 'not run' ? 1 : 0,
    };
  }
  const unexplained = status === 'failed' && tests.failed === 0 ? 1 : 0;
  return { passed: tests.passed, failed: tests.failed + unexplained, skipped: tests.skipped };
}

/**
 * The closing lines of `npm test` and its exit code.
 * @param {Outcome[]} outcomes every step, in order, including those that did not run
 * @returns {{ lines: string[], counts: Counts, exitCode: number }}
 */
export function summarize(outcomes) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const outcome of outcomes) {
    const step = countsOfStep(outcome);
    counts.passed += step.passed;
    counts.failed += step.failed;
    counts.skipped += step.skipped;
  }
  const failed = outcomes.filter((outcome) => outcome.status === 'failed');
  const notRun = outcomes.filter((outcome) => outcome.status === 'not run');
  const width = Math.max(...outcomes.map((outcome) => outcome.label.length));
  const lines = ['── summary'];
  for (const { label, status, reason } of outcomes) {
    lines.push(`  ${label.padEnd(width)}  ${status}${reason ? ` (${reason})` : ''}`);
  }
  if (failed.length > 0) lines.push(`failed: ${failed.map((outcome) => outcome.label).join(', ')}`);
  if (notRun.length > 0) lines.push(`did not run: ${notRun.map((outcome) => outcome.label).join(', ')}`);
  lines.push(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  return { lines, counts, exitCode: failed.length > 0 || counts.failed > 0 ? 1 : 0 };
}
