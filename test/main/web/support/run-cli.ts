import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';

const cli = resolve(import.meta.dirname, '../../../../src/main/web/cli.ts');

/** The browser shell's command line, run as a user would, read line by line. */
export function runCli(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [cli, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const pending: string[] = [];
  const waiting: ((line: string | undefined) => void)[] = [];
  let output = '';
  let ended = false;
  createInterface({ input: child.stdout }).on('line', (line) => {
    output += `${line}\n`;
    const reader = waiting.shift();
    if (reader) reader(line);
    else pending.push(line);
  });
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.once('exit', () => {
    ended = true;
    for (const reader of waiting.splice(0)) reader(undefined);
  });

  /** The next line on standard output; throws if the process ended first. */
  async function nextLine(): Promise<string> {
    const line =
      pending.shift() ?? (ended ? undefined : await new Promise<string | undefined>((r) => waiting.push(r)));
    if (line === undefined) throw new Error(`the browser shell ended; its output:\n${output}`);
    return line;
  }

  return {
    nextLine,
    nextJson: async () => JSON.parse(await nextLine()) as Record<string, unknown>,
    /** The next line that matches, skipping others. */
    async lineMatching(pattern: RegExp): Promise<string> {
      for (;;) {
        const line = await nextLine();
        if (pattern.test(line)) return line;
      }
    },
    send: (line: string) => child.stdin.write(`${line}\n`),
    /** Everything the process printed so far, both streams. */
    output: () => output,
    async stop(): Promise<void> {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
