import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { BaseUrls } from '../../../../src/shared/domain/index.ts';

/** A sandbox in a process of its own, as `npm run sandbox -- --json` prints it when ready. */
export interface SandboxProcess {
  urls: BaseUrls;
  tokens: { user: string; application: string };
  brands: number[];
  close(): Promise<void>;
}

/**
 * Starts `node src/sandbox/cli.ts --port 0 --json ...args`. Tests that count calls per real
 * window use it rather than an in-process sandbox: building one sandbox's database takes seconds
 * of synchronous work, which in the test's own process would freeze every other test's calls
 * (and so skip whole windows) while it runs.
 */
export async function startSandboxProcess(args: readonly string[]): Promise<SandboxProcess> {
  const child = spawn(process.execPath, ['src/sandbox/cli.ts', '--port', '0', '--json', ...args], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Should the test fail before close() runs, the sandbox still ends with this process.
  const killOnExit = () => child.kill();
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      process.off('exit', killOnExit);
      resolve();
    }),
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const line = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (first) => {
      lines.close();
      resolve(first);
    });
    child.once('exit', (code) =>
      reject(new Error(`sandbox exited (${code}) before it was ready: ${stderr}`)),
    );
  });
  const ready = JSON.parse(line) as Omit<SandboxProcess, 'close'>;
  return {
    ...ready,
    close: async () => {
      child.kill();
      await exited;
    },
  };
}
