// `npm test`: type check, lint, unit and integration tests, build, end-to-end tests; then one
// closing line "N passed, N failed, N skipped" over every test that ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
const results = join(root, '.cache', 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

/**
 * The keychain tests need a Secret Service. On Linux without a session bus, run the tests
 * inside a private D-Bus session with an unlocked gnome-keyring, as a desktop session would have.
 */
function withKeyring(command) {
  const canStart =
    process.platform === 'linux' &&
    !process.env.DBUS_SESSION_BUS_ADDRESS &&
    has('dbus-run-session') &&
    has('gnome-keyring-daemon');
  if (!canStart) return command;
  const quoted = command.map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(' ');
  // A keyring folder of the run's own: the password below always unlocks it, whatever keyrings
  // the user or an earlier session left, and no test entry lands among the user's own.
  const keyrings = join(results, 'keyring-data');
  const unlock = `printf socialdesk | gnome-keyring-daemon --unlock --components=secrets >/dev/null`;
  return [
    'dbus-run-session',
    '--',
    'sh',
    '-c',
    `export XDG_DATA_HOME='${keyrings}' && ${unlock} && exec ${quoted}`,
  ];
}

function has(program) {
  return spawnSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' }).status === 0;
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
  ['end-to-end tests', withKeyring([bin('playwright'), 'test'])],
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
if (failedStep) console.log(`\nnpm test stopped: the ${failedStep} step failed.`);
console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failedStep ? 1 : 0);
