// The keychain tests need a Secret Service, as a desktop session has. On Linux, run them inside a
// private D-Bus session with a gnome-keyring of their own, unlocked by a password we know. Always
// a private one, even where the caller already has a session bus (DBUS_SESSION_BUS_ADDRESS): that
// bus may have no keyring, a locked one, or the user's own, where no test entry belongs.
import { spawnSync } from 'node:child_process';

const PASSWORD = 'socialdesk';

function has(program) {
  return spawnSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' }).status === 0;
}

/** Whether this machine can run a private keyring session (Linux with dbus and gnome-keyring). */
export function canRunKeyringSession() {
  return process.platform === 'linux' && has('dbus-run-session') && has('gnome-keyring-daemon');
}

const quote = (text) => `'${text.replaceAll("'", "'\\''")}'`;

/**
 * `command` wrapped to run in a private session. The keyring files live in `dataHome` (as
 * XDG_DATA_HOME), so the password always unlocks them whatever keyrings the user or an earlier run
 * left; the daemon's sockets live in `controlDir`, so it never meets the user's running daemon.
 */
export function inKeyringSession(command, { dataHome, controlDir }) {
  const unlock =
    `printf ${PASSWORD} | gnome-keyring-daemon --unlock --components=secrets ` +
    `--control-directory=${quote(controlDir)} >/dev/null`;
  return [
    'dbus-run-session',
    '--',
    'sh',
    '-c',
    `export XDG_DATA_HOME=${quote(dataHome)} && ${unlock} && exec ${command.map(quote).join(' ')}`,
  ];
}
