import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { canRunKeyringSession, inKeyringSession } from '../../scripts/keyring-session.mjs';

// npm test runs the unit and end-to-end steps inside this session, so the keychain tests meet a
// reachable, unlocked Secret Service: also where the caller already has a session bus of its own
// (an ssh login, a desktop, a CI runner), which may have no keyring or a locked one.
const root = resolve(import.meta.dirname, '../..');

// Stores a secret through the same library as the app, reads it back, and writes what it read to
// a file: not to its output, which it shares with the daemons D-Bus starts in the session (a
// keyring daemon activated there prints its GNOME_KEYRING_CONTROL line to it on a slow start).
const roundTrip = `
const { Entry } = require('@napi-rs/keyring');
const entry = new Entry('Socialdesk-keyring-session-test', 'probe', { linux: { store: 'secret-service' } });
entry.setPassword('kept-in-the-keyring');
const read = { read: entry.getPassword(), dataHome: process.env.XDG_DATA_HOME };
require('node:fs').writeFileSync(process.env.ROUND_TRIP_RESULT, JSON.stringify(read));
`;

describe.skipIf(!canRunKeyringSession())('the private keyring session of npm test', () => {
  let folder: string | undefined;
  afterEach(() => folder && rmSync(folder, { recursive: true, force: true }));

  it('gives a reachable, unlocked Secret Service with its files in the run’s own folder, whatever bus the caller has', () => {
    folder = mkdtempSync(join(tmpdir(), 'socialdesk-keyring-test-'));
    const folders = { dataHome: join(folder, 'data'), controlDir: join(folder, 'control') };
    const [command, ...args] = inKeyringSession([process.execPath, '-e', roundTrip], folders);
    const run = spawnSync(command!, args, {
      cwd: root,
      encoding: 'utf8',
      // A deadline against a hang (D-Bus and the keyring daemon start slowly on a busy machine).
      timeout: 50_000,
      // A session bus that leads nowhere: the wrapper must not lean on the caller's bus.
      env: {
        ...process.env,
        DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/socialdesk-bus',
        ROUND_TRIP_RESULT: join(folder, 'round-trip.json'),
      },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(folder, 'round-trip.json'), 'utf8'))).toEqual({
      read: 'kept-in-the-keyring',
      dataHome: folders.dataHome,
    });
    // The keyring that holds the entry is the isolated one, not the user's.
    const keyrings = join(folders.dataHome, 'keyrings');
    expect(existsSync(keyrings) && readdirSync(keyrings).some((name) => name.endsWith('.keyring'))).toBe(
      true,
    );
  });
});
