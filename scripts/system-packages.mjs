// What `npm test` needs from the system, by the command it runs and the Debian package that
// brings it. Brought in the way `.ci/run` used to (apt-get, as root or through `sudo -n`) so the
// README's test command does its own set-up; where that cannot be done, the run says what to type
// instead and leaves the steps that need the missing piece as not run (scripts/test.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Each command the tests run, the package that has it, and what is lost without it. */
export const systemNeeds = [
  { command: 'chromium', pkg: 'chromium', usedBy: 'the end-to-end tests' },
  { command: 'gnome-keyring-daemon', pkg: 'gnome-keyring', usedBy: 'the keychain tests' },
  { command: 'dbus-run-session', pkg: 'dbus-x11', usedBy: 'the keychain tests' },
  { command: 'xvfb-run', pkg: 'xvfb', usedBy: "the Electron smoke test's window" },
];

/** The Chromium the end-to-end tests drive (playwright.config.ts): Debian's, or CHROMIUM_PATH. */
export function chromiumPath(env = process.env) {
  return env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/**
 * How this machine can install `pkgs`: the commands to run, or null with the reason why not.
 * @param {string[]} pkgs Debian package names
 * @param {{ platform: string, isRoot: boolean, has: (program: string) => boolean, sudoWithoutPassword: () => boolean }} machine
 * @returns {{ commands: string[][] } | { commands: null, reason: string }}
 */
export function installPlan(pkgs, machine) {
  if (machine.platform !== 'linux' || !machine.has('apt-get')) {
    return { commands: null, reason: 'this system has no apt-get' };
  }
  let prefix;
  if (machine.isRoot) prefix = [];
  else if (machine.has('sudo') && machine.sudoWithoutPassword()) prefix = ['sudo', '-n'];
  else return { commands: null, reason: 'installing needs root, and sudo asks for a password' };
  const env = ['env', 'DEBIAN_FRONTEND=noninteractive'];
  return {
    commands: [
      [...prefix, 'apt-get', 'update', '-qq'],
      [...prefix, ...env, 'apt-get', 'install', '-y', '-qq', ...pkgs],
    ],
  };
}

/**
 * The one line to show where a need is still missing: what to type, and what does not run
 * meanwhile. Null when nothing is missing.
 * @param {typeof systemNeeds} missing
 */
export function missingLine(missing) {
  if (missing.length === 0) return null;
  const usedBy = [...new Set(missing.map((need) => need.usedBy))].join(', ');
  const pkgs = missing.map((need) => need.pkg).join(' ');
  const commands = missing.map((need) => need.command).join(', ');
  return `needs ${commands} (for ${usedBy}), missing on this machine: run \`sudo apt-get install -y ${pkgs}\``;
}

function has(program) {
  return spawnSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' }).status === 0;
}

/** Whether `need` is on this machine (Chromium: the very file the end-to-end tests start). */
function present(need) {
  return need.command === 'chromium' ? existsSync(chromiumPath()) : has(need.command);
}

/**
 * Installs what is missing where this machine allows it, telling the person what it does, and
 * returns what is still missing afterwards.
 * @returns {typeof systemNeeds}
 */
export function bringSystemNeeds() {
  const missing = systemNeeds.filter((need) => !present(need));
  if (missing.length === 0) return [];
  const pkgs = missing.map((need) => need.pkg);
  const plan = installPlan(pkgs, {
    platform: process.platform,
    isRoot: process.getuid?.() === 0,
    has,
    sudoWithoutPassword: () => spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0,
  });
  if (plan.commands) {
    console.log(`\n── system packages: installing ${pkgs.join(', ')}`);
    for (const [command, ...args] of plan.commands) {
      const run = spawnSync(command, args, { stdio: 'inherit' });
      if (run.status !== 0) break;
    }
  } else console.log(`\n── system packages: cannot install ${pkgs.join(', ')} here (${plan.reason})`);
  return systemNeeds.filter((need) => !present(need));
}
