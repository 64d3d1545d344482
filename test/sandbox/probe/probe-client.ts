import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  errorObjectSchema,
  type BaseUrls,
  type ErrorObject,
  type ServiceArea,
} from '../../../src/shared/domain/index.ts';

/**
 * The conformance probe's view of the sandbox: the real CLI in a child process, found through the
 * one JSON line it prints when ready, and driven over HTTP with plain `fetch`, as an outside
 * client would. Every answer is checked here for what must hold on all of them (rate headers,
 * no Retry-After, the error object with the right reason phrase on every error, never HTML), so
 * each test only states what is particular to its own request.
 */

export interface Ready {
  ready: true;
  urls: BaseUrls;
  tokens: { application: string; user: string };
  brands: number[];
  foreign_brand: number;
}

/** The statuses conventions §3 lists, with the reason phrases it asks for in `status`: no others. */
export const reasonPhrases: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- each test parses it with a domain schema
}

export interface CallOptions {
  /** Whose token to send: the normal user (default), the application user, a raw token, or none. */
  as?: 'user' | 'application' | { token: string } | null;
  query?: Record<string, string | number | boolean>;
  /** A JSON body (sent with Content-Type: application/json). */
  json?: unknown;
  /** A body sent as is, with its own content type (or none). */
  raw?: { body: string; contentType?: string };
  headers?: Record<string, string>;
}

export class Probe {
  /** Requests sent so far (the probe's coverage figure). */
  requests = 0;
  readonly ready: Ready;
  /**
   * Real time (ms) just before the CLI was launched: its clock can have run no longer than the
   * real time since, which bounds a `--now` test without guessing how fast the machine is.
   */
  readonly launchedAt: number;
  private readonly child: ChildProcess;

  private constructor(ready: Ready, child: ChildProcess, launchedAt: number) {
    this.ready = ready;
    this.child = child;
    this.launchedAt = launchedAt;
  }

  /** Starts `node src/sandbox/cli.ts --port 0 --json ...args` and waits for its ready line. */
  static async start(args: readonly string[] = []): Promise<Probe> {
    const launchedAt = Date.now();
    const child = spawn(process.execPath, ['src/sandbox/cli.ts', '--port', '0', '--json', ...args], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Should a hook fail before close() runs, the sandbox still ends with this test process.
    const killOnExit = () => child.kill();
    process.once('exit', killOnExit);
    child.once('exit', () => process.off('exit', killOnExit));
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
    return new Probe(JSON.parse(line) as Ready, child, launchedAt);
  }

  get brand(): number {
    return this.ready.brands[0]!;
  }

  /** An absolute URL under one of the four base URLs of the ready line. */
  at(area: ServiceArea, path: string, query: CallOptions['query'] = {}): string {
    const url = new URL(`${this.ready.urls[area]}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
    return url.toString();
  }

  async call(method: string, url: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    const as = options.as === undefined ? 'user' : options.as;
    if (as !== null) {
      headers.authorization = `Bearer ${typeof as === 'string' ? this.ready.tokens[as] : as.token}`;
    }
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.raw) {
      if (options.raw.contentType) headers['content-type'] = options.raw.contentType;
      body = options.raw.body;
    }
    const target = options.query ? withQuery(url, options.query) : url;
    const response = await fetch(target, { method, headers, body });
    this.requests += 1;
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    const answer: Answer = {
      status: response.status,
      headers: response.headers,
      text,
      body: type.includes('application/json') && text !== '' ? JSON.parse(text) : undefined,
    };
    checkEveryAnswer(method, answer);
    return answer;
  }

  get(area: ServiceArea, path: string, options: CallOptions = {}): Promise<Answer> {
    return this.call('GET', this.at(area, path), options);
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}

function withQuery(url: string, query: NonNullable<CallOptions['query']>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(query)) target.searchParams.set(name, String(value));
  return target.toString();
}

/** Conventions §3 and §4, on every answer the probe ever gets. */
function checkEveryAnswer(method: string, answer: Answer): void {
  const { headers, status } = answer;
  const where = `${method} answered ${status}`;
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
    expect(headers.get(name), `${where}: ${name}`).toMatch(/^\d+$/);
  }
  expect(Number(headers.get('x-ratelimit-remaining'))).toBeLessThanOrEqual(
    Number(headers.get('x-ratelimit-limit')),
  );
  expect(headers.get('retry-after'), where).toBeNull();
  expect(headers.get('content-type') ?? '', where).not.toContain('html');
  if (status >= 400 && method !== 'HEAD') {
    expect(headers.get('content-type'), where).toContain('application/json');
    const error = errorObjectSchema.parse(answer.body);
    expect(Object.keys(error).sort(), where).toEqual(['code', 'errors', 'message', 'status']);
    expect(error.code, where).toBe(status);
    expect(error.status, where).toBe(reasonPhrases[status]);
    expect(error.message.length, where).toBeGreaterThan(0);
  }
}

/** Asserts an error status and returns its error object (already checked by `call`). */
export function expectError(answer: Answer, status: number): ErrorObject {
  expect(answer.status, answer.text.slice(0, 300)).toBe(status);
  return errorObjectSchema.parse(answer.body);
}

/** One sandbox for a describe block: started before its tests, stopped after them. */
export function useProbe(args: readonly string[] = []): () => Probe {
  let probe: Probe | undefined;
  beforeAll(async () => {
    probe = await Probe.start(args);
  });
  afterAll(async () => {
    await probe?.close();
  });
  return () => {
    if (!probe) throw new Error('The probe sandbox is not running.');
    return probe;
  };
}

/** A date-time `hours` from the sandbox clock as its last answer's Date header tells it. */
export function hoursAfter(answer: Answer, hours: number): string {
  const date = Date.parse(answer.headers.get('date') ?? '');
  return new Date(date + hours * 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
