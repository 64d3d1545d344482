import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const child = fileURLToPath(new URL('../support/session-only-child.ts', import.meta.url));

/**
 * Where no keychain is reachable the app says so and offers a session-only token, and never
 * writes the token in plain text. This runs for real in a child process whose D-Bus address
 * points nowhere, so it holds (and runs) whether or not the parent has a Secret Service.
 */
describe.runIf(process.platform === 'linux')('session-only token when no keychain is reachable', () => {
  it('says the keychain is unavailable, refuses to pretend, and keeps the token in memory only', async () => {
    const token = `sd-session-${crypto.randomUUID()}`;
    const env = {
      ...process.env,
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/socialdesk-test-bus',
      DISPLAY: '',
    };
    // A deadline against a hang, under the test's own: the child loads TypeScript, slow when busy.
    const { stdout } = await run(process.execPath, [child, token], { env, timeout: 50_000 });
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!);

    // Says so, with a reason a user can act on.
    expect(result.status.available).toBe(false);
    expect(result.status.reason).toMatch(/Secret Service|keychain/i);
    expect(result.listKeychain.available).toBe(false);
    // Asking for the keychain fails on the form's field instead of silently falling back.
    expect(result.keychainAttempt.code).toBe('invalid_input');
    expect(result.keychainAttempt.fieldErrors.tokenStore).toBeDefined();
    expect(result.keychainAttempt.message).toMatch(/session only/);
    // Session-only works for this session, and the token is gone after a restart.
    expect(result.added).toMatchObject({ name: 'Kiosk', tokenStore: 'session', hasToken: true });
    expect(result.backend).toBe('session');
    expect(result.sameSessionMatches).toBe(true);
    expect(result.afterRestart).toBeNull();
    // Nothing of the token on disk or in any answer.
    expect(result.fileHasProfile).toBe(true);
    expect(result.fileHasToken).toBe(false);
    expect(stdout).not.toContain(token);
  });
});
