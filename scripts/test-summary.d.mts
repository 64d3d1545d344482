export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
export interface Outcome {
  label: string;
  status: 'passed' | 'failed' | 'not run';
  /** Why it failed (exit status) or did not run. */
  reason?: string;
  /** The counts of its test report, when it left one. */
  tests?: Counts | null;
}
/** A step of `npm test`: the steps it needs, and why the machine cannot run it, if it cannot. */
export interface StepNeeds {
  label: string;
  needs?: string[];
  unavailable?: string | null;
}
export function blockedBy(step: StepNeeds, outcomes: Outcome[]): string | null;
export function runSteps<Step extends StepNeeds>(
  steps: Step[],
  run: (step: Step) => Omit<Outcome, 'label'>,
  onBlocked?: (step: Step, reason: string) => void,
): Outcome[];
export function vitestCounts(report: {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests?: number;
}): Counts;
export function playwrightCounts(report: {
  stats: { expected: number; flaky: number; unexpected: number; skipped: number };
}): Counts;
export function countsOfStep(outcome: Outcome): Counts;
export function summarize(outcomes: Outcome[]): { lines: string[]; counts: Counts; exitCode: number };
