import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';

// Starts the sandbox through a launcher (npm, scripts/with-node.cjs) the way a user or a
// supervisor would, and watches what a user would see: its stdout, its port, its exit.
export const root = resolve(import.meta.dirname, '../..');
export const sandboxArgs = ['--json', '--port', '0', '--db', ':memory:'];

export interface StartedSandbox {
  launcher: ChildProcessWithoutNullStreams;
  ready: { ready: true; urls: { library: string } };
  /** Every stdout line so far; all of them once `outputClosed` has resolved. */
  lines: string[];
  /** The launcher's exit: its code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Stdout is closed once every process holding it, the sandbox included, has exited. */
  outputClosed: Promise<void>;
}

const launched: ChildProcessWithoutNullStreams[] = [];

export function parsesAsJson(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

/** Runs `command args` in a process group of its own; resolves once the ready line is out. */
export function startSandbox(command: string, args: string[]): Promise<StartedSandbox> {
  // detached: its own group, so endLaunchedGroups can end whatever is left, orphans included.
  const launcher = spawn(command, args, { cwd: root, stdio: 'pipe', detached: true });
  launched.push(launcher);
  let stderr = '';
  launcher.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines: string[] = [];
  const output = createInterface({ input: launcher.stdout });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    launcher.once('exit', (code, signal) => done({ code, signal })),
  );
  const outputClosed = new Promise<void>((done) => output.once('close', done));
  return new Promise((done, fail) => {
    output.on('line', (line) => {
      lines.push(line);
      if (parsesAsJson(line) && JSON.parse(line)?.ready === true) {
        done({ launcher, ready: JSON.parse(line), lines, exited, outputClosed });
      }
    });
    launcher.once('exit', (code) =>
      fail(new Error(`${command} exited with ${code} before the sandbox was ready:\n${stderr}`)),
    );
  });
}

/** Kills every process group startSandbox made that is still there (for afterEach). */
export function endLaunchedGroups(): void {
  for (const launcher of launched.splice(0)) {
    try {
      process.kill(-launcher.pid!, 'SIGKILL');
    } catch {
      // the whole group is already gone, as it should be
    }
  }
}

/** Resolves, or rejects with `message` after `ms`: a deadline with a clear failure, not a sleep. */
export function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(message)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** Resolves with the connection error code, or 'connected' when something still listens. */
export function connectTo(url: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((done) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      done('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
  });
}
