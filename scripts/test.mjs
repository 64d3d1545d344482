// `npm test`: type check, lint, format check, unit and integration tests, build, end-to-end tests;
// then one closing line "N passed, N failed, N skipped" over every test that ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { electronBinary } from './electron-binary.mjs';
import { canRunKeyringSession, inKeyringSession } from './keyring-session.mjs';

const root = join(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
const results = join(root, '.cache', 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

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

const steps = [
  ['type check (node)', [bin('tsc'), '-p', 'tsconfig.node.json']],
  ['type check (renderer)', [bin('vue-tsc'), '-p', 'tsconfig.web.json']],
  ['lint', [bin('eslint'), '.']],
  ['format check', [bin('prettier'), '--check', '--log-level', 'warn', '.']],
  [
    'unit and integration tests',
    withKeyring([
      bin('vitest'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(results, 'vitest.json')}`,
    ]),
  ],
  ['build', [bin('electron-vite'), 'build']],
  ['end-to-end tests', withDisplay(withKeyring([bin('playwright'), 'test']))],
];

let failedStep = null;
for (const [label, [command, ...args]] of steps) {
  console.log(`\n── ${label}: ${[command.replace(root + '/', ''), ...args].join(' ')}`);
  const run = spawnSync(command, args, { stdio: 'inherit', cwd: root });
  if (run.status !== 0) {
    failedStep = label;
    break;
  }
}

const counts = { passed: 0, failed: 0, skipped: 0 };
const vitest = join(results, 'vitest.json');
if (existsSync(vitest)) {
  const report = JSON.parse(readFileSync(vitest, 'utf8'));
  counts.passed += report.numPassedTests;
  counts.failed += report.numFailedTests;
  counts.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}
const playwright = join(results, 'playwright.json');
if (existsSync(playwright)) {
  const { stats } = JSON.parse(readFileSync(playwright, 'utf8'));
  counts.passed += stats.expected + stats.flaky;
  counts.failed += stats.unexpected;
  counts.skipped += stats.skipped;
}
if (keyringFolders) rmSync(keyringFolders.controlDir, { recursive: true, force: true });
if (failedStep) console.log(`\nnpm test stopped: the ${failedStep} step failed.`);
console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failedStep ? 1 : 0);
