import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import type { BaseUrls } from '../../src/shared/domain/index.ts';

const cli = 'src/sandbox/cli.ts';

interface Ready {
  ready: true;
  urls: BaseUrls;
  tokens: { application: string; user: string };
  brands: number[];
  foreign_brand: number;
}

function run(args: string[], nodeFlags: string[] = []): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [...nodeFlags, cli, ...args], { cwd: process.cwd(), stdio: 'pipe' });
}

function firstLine(child: ChildProcessWithoutNullStreams): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      lines.close();
      resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before printing a line`)));
  });
}

function exitOf(child: ChildProcessWithoutNullStreams): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

/** Each test starts the CLI (TypeScript and a seeded database): seconds alone, far more when busy. */
const deadline = { timeout: 120_000 };

describe('sandbox CLI', () => {
  let child: ChildProcessWithoutNullStreams | undefined;
  afterEach(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('prints one JSON line when ready, serves, and exits 0 on SIGTERM', deadline, async () => {
    child = run(['--port', '0', '--json']);
    const exited = exitOf(child);
    let stdout = '';
    const line = await firstLine(child);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const ready = JSON.parse(line) as Ready;
    expect(ready.ready).toBe(true);
    expect(Object.keys(ready.urls).sort()).toEqual(['community', 'dashboard', 'library', 'scheduler']);
    expect(ready.urls.library).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/library$/);
    expect(ready.brands.length).toBeGreaterThanOrEqual(3);
    const answer = await fetch(`${ready.urls.library}/brands/${ready.brands[0]}/campaigns?limit=1`, {
      headers: { authorization: `Bearer ${ready.tokens.application}` },
    });
    expect(answer.status).toBe(200);
    const foreign = await fetch(`${ready.urls.library}/brands/${ready.foreign_brand}/campaigns`, {
      headers: { authorization: `Bearer ${ready.tokens.user}` },
    });
    expect(foreign.status).toBe(403);
    child.kill('SIGTERM');
    const { code } = await exited;
    expect(code).toBe(0);
    expect(stdout).toBe('');
  });

  // About 170 MB through a 64 MB heap: a few seconds alone, minutes on a loaded machine.
  it('streams a 1,000,000-row csv report with bounded memory', { timeout: 600_000 }, async () => {
    // A 64 MB JavaScript heap cannot hold the ~170 MB answer, nor its million rows as objects:
    // a sandbox that built either would die of "heap out of memory" half way. How much the
    // resident size grows is no proof, since V8 lets garbage pile up when it has room.
    child = run(['--port', '0', '--json', '--rate-limit', '100000'], ['--max-old-space-size=64']);
    const exited = exitOf(child);
    const ready = JSON.parse(await firstLine(child)) as Ready;
    const response = await fetch(
      `${ready.urls.dashboard}/reports/data?report_type=CONTENT&format=csv&limit=1000000` +
        `&channels=INSTAGRAM&metrics=IMPRESSIONS,ENGAGEMENTS,ENGAGEMENT_RATE,VIDEO_VIEWS&brand_ids=${ready.brands.join(',')}`,
      {
        headers: { authorization: `Bearer ${ready.tokens.user}` },
      },
    );
    expect(response.status).toBe(200);
    let newlines = 0;
    let bytes = 0;
    for await (const chunk of response.body!) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) newlines++;
    }
    expect(newlines).toBe(1_000_001);
    expect(bytes).toBeGreaterThan(150e6);
    child.kill('SIGTERM');
    const { code, stderr } = await exited;
    expect(stderr).not.toMatch(/out of memory/i);
    expect(code).toBe(0);
  });

  it('refuses bad flags and a non-loopback host with exit code 2 and a clear message', deadline, async () => {
    for (const [args, message] of [
      [['--port', 'eighty'], /--port/],
      [['--verbose'], /verbose/],
      [['--faults', '2'], /--faults/],
      [['--host', '0.0.0.0'], /loopback/],
      [['--now', 'yesterday'], /--now/],
      [['--without', 'tags'], /--without takes replies, not "tags"/],
    ] as const) {
      const result = await exitOf(run([...args]));
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
    }
  });
});
