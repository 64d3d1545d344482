import type { ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import type { BaseUrls, ServiceArea } from '../../../src/shared/domain/index.ts';
import { ProcessExitError, startJsonProcess, stop } from './json-process.ts';

const root = resolve(import.meta.dirname, '../../..');
const cli = join(root, 'src/sandbox/cli.ts');

export type SandboxArea = ServiceArea;

/** What the sandbox itself answered a request. */
export interface SandboxAnswer<T = unknown> {
  status: number;
  body: T;
}

/**
 * A sandbox service of a test's own, run as `npm run sandbox` runs it, on its own copy of a
 * seeded database. It can be stopped and started again on the same port and database, so a
 * profile saved with its addresses works again once it is back.
 */
export interface SandboxService {
  urls: BaseUrls;
  tokens: { application: string; user: string };
  /** The seeded brands both tokens reach (101, 102, 103). */
  brands: number[];
  port: number;
  /** The file of its database (a test may set data there that no operation of the interface sets). */
  dbFile: string;
  /** Stops the process, as Ctrl+C would: from then on every request is refused. */
  stop(): Promise<void>;
  /**
   * Stops the process and holds its port until `start()`, cutting every connection at once: the
   * way a test takes the service away from the app. Another worker's sandbox could otherwise be
   * given the freed port and answer for it (same seed, same rows), and the app would rightly say
   * it is online.
   */
  stopHoldingPort(): Promise<void>;
  /** Starts it again, same port and database (a no-op while it runs); a held port is let go first. */
  start(): Promise<void>;
  /**
   * Asks the sandbox directly, with the user token, bypassing the app: what the service itself
   * says, to check the app's screens against. `path` is relative to the area's base URL.
   */
  request<T = unknown>(
    area: SandboxArea,
    path: string,
    init?: { method?: string; json?: unknown },
  ): Promise<SandboxAnswer<T>>;
}

/**
 * Seeds a database file once (the slow part of a start: several seconds on a busy machine), for
 * each test to start its own sandbox on a copy of, in about the time Node takes to start.
 */
export async function seedSandboxDatabase(file: string): Promise<void> {
  const { child } = await startJsonProcess([cli, '--port', '0', '--json', '--db', file], { cwd: root });
  await stop(child);
}

/**
 * A port below every system's ephemeral range (Linux starts at 32768, macOS and Windows at 49152),
 * so the OS never hands it to someone else's port-0 listener while the sandbox is stopped; the
 * other tests' sandboxes pick at random too, and check before taking one.
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((answer) => {
      const probe = createServer();
      probe.once('error', () => answer(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => answer(true)));
    });
    if (free) return port;
  }
}

/**
 * Listens on a port without serving, cutting each connection as it comes: to the app, a service
 * that cannot be reached. Answers the function that lets the port go.
 */
async function holdPort(port: number): Promise<() => Promise<void>> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

const inUse = (error: unknown) => error instanceof ProcessExitError && error.stderr.includes('EADDRINUSE');

/**
 * Starts a sandbox on a copy of `template`, kept in `folder` (which the caller removes); `args`
 * are more of its options (`--faults 0.3`), kept across a stop and start.
 */
export async function startSandboxService(
  template: string,
  folder: string,
  args: readonly string[] = [],
): Promise<SandboxService> {
  const db = join(folder, 'sandbox.db');
  copyFileSync(template, db);
  if (existsSync(`${template}-wal`)) copyFileSync(`${template}-wal`, `${db}-wal`);

  let child: ChildProcess | undefined;
  const launch = async (port: number) => {
    const started = await startJsonProcess([cli, '--port', String(port), '--json', '--db', db, ...args], {
      cwd: root,
    });
    child = started.child;
    return started.ready as unknown as Pick<SandboxService, 'urls' | 'tokens' | 'brands'>;
  };

  // Another process may take the probed port before the sandbox does: then another port.
  let port = await freePort();
  let ready;
  for (let attempt = 1; ; attempt++) {
    try {
      ready = await launch(port);
      break;
    } catch (error) {
      if (!inUse(error) || attempt === 5) throw error;
      port = await freePort();
    }
  }
  const { urls, tokens, brands } = ready;
  /** Lets the port go, while it is held. */
  let release: (() => Promise<void>) | undefined;
  const letGo = async () => {
    await release?.();
    release = undefined;
  };
  const stopProcess = async () => {
    if (child) await stop(child);
    child = undefined;
  };

  return {
    urls,
    tokens,
    brands,
    port,
    dbFile: db,
    async stop() {
      await stopProcess();
      await letGo();
    },
    async stopHoldingPort() {
      await stopProcess();
      release ??= await holdPort(port);
    },
    async start() {
      if (child) return;
      await letGo();
      try {
        await launch(port);
      } catch (error) {
        if (inUse(error))
          throw new Error(`port ${port} was taken while the sandbox was stopped`, { cause: error });
        throw error;
      }
    },
    async request(area, path, init = {}) {
      const response = await fetch(`${urls[area]}/${path.replace(/^\//, '')}`, {
        method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
        headers: {
          authorization: `Bearer ${tokens.user}`,
          ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      });
      const text = await response.text();
      return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
    },
  };
}
