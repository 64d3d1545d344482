import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { connectTo, endLaunchedGroups, root, sandboxArgs, startSandbox } from './sandbox-process.ts';

// scripts/with-node.cjs sits between npm and every command: it must pass signals on and end
// the way its command ended, or supervisors lose track of what they started.
const wrapper = 'scripts/with-node.cjs';

function wrapped(...command: string[]) {
  return spawnSync(process.execPath, [wrapper, ...command], { cwd: root, encoding: 'utf8' });
}

afterEach(endLaunchedGroups);

describe('scripts/with-node.cjs', () => {
  // A deadline against a hang: the wrapper and a seeded sandbox take far longer on a busy machine.
  it('passes SIGTERM on to the sandbox and exits only after it', { timeout: 120_000 }, async () => {
    const sandbox = await startSandbox(process.execPath, [
      wrapper,
      'node',
      'src/sandbox/cli.ts',
      ...sandboxArgs,
    ]);
    sandbox.launcher.kill('SIGTERM');
    // The sandbox installs its handler before printing the ready line, so it closes cleanly and
    // the wrapper ends as the sandbox ended: exit 0.
    expect(await sandbox.exited).toEqual({ code: 0, signal: null });
    // And it ended only after the sandbox did: nothing listens on the port any more.
    expect(await connectTo(sandbox.ready.urls.library)).toBe('ECONNREFUSED');
  });

  it('exits with its command’s exit code', () => {
    expect(wrapped('node', '-e', 'process.exit(3)').status).toBe(3);
    expect(wrapped('node', '-e', '').status).toBe(0);
  });

  it('dies of the signal that ended its command', () => {
    const run = wrapped('node', '-e', "process.kill(process.pid, 'SIGKILL')");
    expect(run.signal).toBe('SIGKILL');
  });

  it('says so when the command cannot be started', () => {
    const run = wrapped('socialdesk-no-such-command');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('could not run socialdesk-no-such-command');
  });
});
