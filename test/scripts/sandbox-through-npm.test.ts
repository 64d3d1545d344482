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

describe('npm run sandbox', () => {
  it('stops the sandbox and frees its port when npm gets SIGTERM', { timeout: 60_000 }, async () => {
    const sandbox = await startSandbox('npm', ['run', '--silent', 'sandbox', '--', ...sandboxArgs]);
    expect(await connectTo(sandbox.ready.urls.library)).toBe('connected');
    sandbox.launcher.kill('SIGTERM');
    await within(sandbox.outputClosed, 20_000, 'the sandbox still runs 20 s after npm got SIGTERM');
    expect(await connectTo(sandbox.ready.urls.library)).toBe('ECONNREFUSED');
  });

  it(
    'prints exactly one JSON line, the ready line, among npm’s own banner',
    { timeout: 60_000 },
    async () => {
      const sandbox = await startSandbox('npm', ['run', 'sandbox', '--', ...sandboxArgs]);
      sandbox.launcher.kill('SIGTERM');
      await within(sandbox.outputClosed, 20_000, 'the sandbox still runs 20 s after npm got SIGTERM');
      const jsonLines = sandbox.lines.filter(parsesAsJson);
      expect(jsonLines).toHaveLength(1);
      expect(JSON.parse(jsonLines[0]!)).toMatchObject({ ready: true });
    },
  );
});
