import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export type JsonLine = Record<string, unknown>;

export interface JsonProcess {
  child: ChildProcess;
  /** The first line: the process is ready. */
  ready: JsonLine;
  /**
   * The next line that `match` accepts, whenever it came: lines wait in order until a reader takes
   * them, so one reader's lines never get lost to another's.
   */
  nextJson(match?: (line: JsonLine) => boolean): Promise<JsonLine>;
  /** Writes one line to the process's standard input. */
  send(line: string): void;
}

/** Thrown when the process ends before its ready line; `stderr` is what it said on the way out. */
export class ProcessExitError extends Error {
  readonly stderr: string;
  constructor(script: string, code: number | null, stderr: string) {
    super(`${script} exited with ${code}${stderr ? `: ${stderr.trim()}` : ''}`);
    this.stderr = stderr;
  }
}

// A worker that ends while a test is still setting up (a timeout) never runs that test's
// clean-up: its processes would outlive it, holding ports. They go with the worker instead.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});

/** Spawns a Node script that prints one JSON line when ready (then maybe more), and waits for it. */
export async function startJsonProcess(
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<JsonProcess> {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  running.add(child);
  // Passed through as before, and the last of it kept for the error if the process ends.
  let stderrTail = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    stderrTail = (stderrTail + chunk.toString()).slice(-2000);
  });
  const ended = new Promise<never>((_, fail) =>
    child.once('close', (code) => {
      running.delete(child);
      fail(new ProcessExitError(args[0]!, code, stderrTail));
    }),
  );
  ended.catch(() => {});
  const queued: JsonLine[] = [];
  const readers: { match: (line: JsonLine) => boolean; take: (line: JsonLine) => void }[] = [];
  createInterface({ input: child.stdout! }).on('line', (text) => {
    let line: JsonLine;
    try {
      line = JSON.parse(text) as JsonLine;
    } catch {
      line = { text };
    }
    const reader = readers.findIndex((r) => r.match(line));
    if (reader === -1) queued.push(line);
    else readers.splice(reader, 1)[0]!.take(line);
  });

  function nextJson(match: (line: JsonLine) => boolean = () => true): Promise<JsonLine> {
    const index = queued.findIndex(match);
    if (index !== -1) return Promise.resolve(queued.splice(index, 1)[0]!);
    return Promise.race([new Promise<JsonLine>((take) => readers.push({ match, take })), ended]);
  }

  const ready = await nextJson();
  return { child, ready, nextJson, send: (line) => child.stdin!.write(`${line}\n`) };
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}
