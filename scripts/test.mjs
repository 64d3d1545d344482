// `npm test`: type check, lint, format check, unit and integration tests, build, end-to-end tests.
// Every step runs, whatever failed before it, except one whose input is missing (the end-to-end
// tests need the build). Then a summary of each step (passed, failed, or not run and why) and one
// closing line "N passed, N failed, N skipped": the tests of the steps with a test report, and
// one check for each step without one (scripts/test-summary.mjs has the exact rules). Exits 1 on
// any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { electronBinary } from './electron-binary.mjs';
import { canRunKeyringSession, inKeyringSession } from './keyring-session.mjs';
import { bringSystemNeeds, missingLine } from './system-packages.mjs';
import { playwrightCounts, runSteps, summarize, vitestCounts } from './test-summary.mjs';

const root = join(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
const results = join(root, '.cache', 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

// Chromium, the keyring and Xvfb, installed here where the machine allows it (as .ci/run once
// did), before anything below looks for them.
const stillMissing = bringSystemNeeds();
if (stillMissing.length > 0) console.log(`\n── system packages: npm test ${missingLine(stillMissing)}`);
const chromiumMissing = stillMissing.filter((need) => need.command === 'chromium');

// The keyring's files in the run's own folder; its sockets under the temp folder, whose short
// path fits a socket name wherever the checkout lives.
const keyringFolders = canRunKeyringSession()
  ? {
      dataHome: join(results, 'keyring-data'),
      controlDir: mkdtempSync(join(tmpdir(), 'socialdesk-keyring-')),
    }
  : null;
const withKeyring = (command) => (keyringFolders ? inKeyringSession(command, keyringFolders) : command);

function has(program) {
  return spawnSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' }).status === 0;
}

/**
 * The Electron smoke test opens a real window. On Linux without a display (CI, ssh), give the
 * end-to-end run a virtual one, where there is an Electron binary to run at all.
 */
function withDisplay(command) {
  const needsDisplay = process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
  if (!needsDisplay || !has('xvfb-run') || !electronBinary({ download: false }).binary) return command;
  return ['xvfb-run', '-a', ...command];
}

const reports = { vitest: join(results, 'vitest.json'), playwright: join(results, 'playwright.json') };

/** label, command, the steps it needs, and the test report it leaves (with how to count it). */
const steps = [
  { label: 'type check (node)', command: [bin('tsc'), '-p', 'tsconfig.node.json'] },
  { label: 'type check (benchmarks)', command: [bin('tsc'), '-p', 'tsconfig.bench.json'] },
  { label: 'type check (renderer)', command: [bin('vue-tsc'), '-p', 'tsconfig.web.json'] },
  { label: 'lint', command: [bin('eslint'), '.'] },
  { label: 'format check', command: [bin('prettier'), '--check', '--log-level', 'warn', '.'] },
  {
    label: 'unit and integration tests',
    command: withKeyring([
      bin('vitest'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reports.vitest}`,
    ]),
    report: { file: reports.vitest, count: vitestCounts },
  },
  { label: 'build', command: [bin('electron-vite'), 'build'] },
  {
    label: 'end-to-end tests',
    command: withDisplay(withKeyring([bin('playwright'), 'test'])),
    needs: ['build'],
    // Without the browser every test would fail on the same missing file: one line instead.
    unavailable: chromiumMissing.length > 0 ? missingLine(chromiumMissing) : null,
    report: { file: reports.playwright, count: playwrightCounts },
  },
];

/** The counts of a step's report, or null where it left none (or one that cannot be read). */
function testsOf(report) {
  if (!report || !existsSync(report.file)) return null;
  try {
    return report.count(JSON.parse(readFileSync(report.file, 'utf8')));
  } catch {
    return null;
  }
}

/** Runs one step with its output on the terminal, and says how it went. */
function runStep(step) {
  const [command, ...args] = step.command;
  console.log(`\n── ${step.label}: ${[command.replace(root + '/', ''), ...args].join(' ')}`);
  const run = spawnSync(command, args, { stdio: 'inherit', cwd: root });
  const tests = testsOf(step.report);
  if (run.status === 0) return { status: 'passed', tests };
  const reason = run.error
    ? `could not start: ${run.error.message}`
    : run.signal
      ? `ended by ${run.signal}`
      : `exit ${run.status}`;
  return { status: 'failed', reason, tests };
}

const outcomes = runSteps(steps, runStep, (step, reason) =>
  console.log(`\n── ${step.label}: not run, it ${reason}`),
);

if (keyringFolders) rmSync(keyringFolders.controlDir, { recursive: true, force: true });
const summary = summarize(outcomes);
console.log(`\n${summary.lines.join('\n')}`);
process.exit(summary.exitCode);
