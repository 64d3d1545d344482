import { afterEach, describe, expect, it } from 'vitest';
import {
  connectTo,
  endLaunchedGroups,
  parsesAsJson,
  sandboxArgs,
  startSandbox,
  within,
} from './sandbox-process.ts';

// `npm run sandbox` as a user or a supervisor runs it: npm -> sh -c -> scripts/with-node.cjs ->
// the sandbox. Stopping npm must stop the sandbox, or it lives on as an orphan holding its port.
afterEach(endLaunchedGroups);

// Deadlines against a hang, not speed checks: npm, the wrapper and a seeded sandbox start and
// stop in seconds alone, and many times slower on a busy machine.
const deadline = { timeout: 180_000 };
const stopWithinMs = 60_000;
const stillRuns = 'the sandbox still runs 60 s after npm got SIGTERM';

describe('npm run sandbox', () => {
  it('stops the sandbox and frees its port when npm gets SIGTERM', deadline, async () => {
    const sandbox = await startSandbox('npm', ['run', '--silent', 'sandbox', '--', ...sandboxArgs]);
    expect(await connectTo(sandbox.ready.urls.library)).toBe('connected');
    sandbox.launcher.kill('SIGTERM');
    await within(sandbox.outputClosed, stopWithinMs, stillRuns);
    expect(await connectTo(sandbox.ready.urls.library)).toBe('ECONNREFUSED');
  });

  it('prints exactly one JSON line, the ready line, among npm’s own banner', deadline, async () => {
    const sandbox = await startSandbox('npm', ['run', 'sandbox', '--', ...sandboxArgs]);
    sandbox.launcher.kill('SIGTERM');
    await within(sandbox.outputClosed, stopWithinMs, stillRuns);
    const jsonLines = sandbox.lines.filter(parsesAsJson);
    expect(jsonLines).toHaveLength(1);
    expect(JSON.parse(jsonLines[0]!)).toMatchObject({ ready: true });
  });
});
