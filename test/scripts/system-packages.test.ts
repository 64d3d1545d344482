import { describe, expect, it } from 'vitest';
import { chromiumPath, installPlan, missingLine, systemNeeds } from '../../scripts/system-packages.mjs';

/** A Linux machine with apt-get, as root or not, with or without sudo that asks no password. */
const machine = (over: { platform?: string; isRoot?: boolean; sudo?: boolean; apt?: boolean } = {}) => ({
  platform: over.platform ?? 'linux',
  isRoot: over.isRoot ?? false,
  has: (program: string) =>
    program === 'apt-get' ? (over.apt ?? true) : program === 'sudo' && (over.sudo ?? false),
  sudoWithoutPassword: () => over.sudo ?? false,
});

describe('what npm test brings from the system', () => {
  it('installs with apt-get directly as root', () => {
    expect(installPlan(['chromium', 'xvfb'], machine({ isRoot: true }))).toEqual({
      commands: [
        ['apt-get', 'update', '-qq'],
        ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', '-qq', 'chromium', 'xvfb'],
      ],
    });
  });

  it('goes through sudo -n where sudo asks no password, and never waits on a password prompt', () => {
    const plan = installPlan(['chromium'], machine({ sudo: true }));
    expect(plan.commands?.every((command) => command[0] === 'sudo' && command[1] === '-n')).toBe(true);
    expect(installPlan(['chromium'], machine({ sudo: false }))).toEqual({
      commands: null,
      reason: 'installing needs root, and sudo asks for a password',
    });
  });

  it('installs nothing where there is no apt-get (macOS, another Linux)', () => {
    expect(installPlan(['chromium'], machine({ platform: 'darwin', isRoot: true })).commands).toBeNull();
    expect(installPlan(['chromium'], machine({ apt: false, isRoot: true })).commands).toBeNull();
  });

  it('says in one line what to type for what is still missing, and what waits on it', () => {
    const missing = systemNeeds.filter((need) => ['chromium', 'xvfb-run'].includes(need.command));
    expect(missingLine(missing)).toBe(
      "needs chromium, xvfb-run (for the end-to-end tests, the Electron smoke test's window), " +
        'missing on this machine: run `sudo apt-get install -y chromium xvfb`',
    );
    expect(missingLine([])).toBeNull();
  });

  it('looks for the Chromium the end-to-end tests start: CHROMIUM_PATH, else Debian’s', () => {
    expect(chromiumPath({})).toBe('/usr/bin/chromium');
    expect(chromiumPath({ CHROMIUM_PATH: '/opt/chromium/chrome' })).toBe('/opt/chromium/chrome');
  });
});
