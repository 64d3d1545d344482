import type { AddressInfo } from 'node:net';
import type { DatabaseSync } from 'node:sqlite';
import Fastify, { type FastifyInstance } from 'fastify';
import { perServiceArea, type BaseUrls, type ServiceArea } from '../shared/domain/index.ts';
import type { AreaContext, SandboxArea } from './area.ts';
import { AREAS } from './areas/index.ts';
import { startLiveInbox, type LiveInbox } from './areas/community/live-inbox.ts';
import { registerLiveRoutes } from './areas/community/live-routes.ts';
import { createClock, type SandboxClock } from './clock.ts';
import { openDatabase } from './db.ts';
import { createAuthenticator, installAuth } from './http/auth.ts';
import { installBodyParsing } from './http/bodies.ts';
import { installErrorHandling } from './http/errors.ts';
import { installFaults } from './http/faults.ts';
import { RateLimiter, installRateLimit } from './http/rate-limit.ts';
import { transportErrorHandlers } from './http/transport-errors.ts';
import { foreignBrandId } from './seed/core.ts';

export interface SandboxOptions {
  /** 0 picks a free port. */
  port?: number;
  /** Loopback only: 127.0.0.1 (default), ::1 or localhost. */
  host?: string;
  /** A file path (kept across restarts, seeded only when new) or ':memory:'. */
  db?: string;
  seed?: number;
  /** Volume multiplier for seeded data. */
  scale?: number;
  /** Starting time of the sandbox clock (it runs on from there). */
  now?: Date | string;
  /**
   * The clock stands at `now` and moves only by `clock.advance` (in-process tests that compare
   * times; the CLI never sets it).
   */
  frozenClock?: boolean;
  rateLimit?: number;
  rateWindow?: number;
  /** Fraction 0..1 of requests that fail on purpose. */
  faults?: number;
  /** How long a "slow answer" fault waits (default 3000 ms). */
  faultSlowMs?: number;
  /** False logs one line per request to stderr. Default true. */
  quiet?: boolean;
  /** The areas to serve; all of them by default. */
  areas?: readonly SandboxArea[];
  /** Extensions to leave out, so a client's path for a service without them can be tried. */
  without?: readonly SandboxExtension[];
  /**
   * `--live N`: N interactions arrive each minute of the sandbox clock, and teammates triage
   * existing rows (areas/community/live-inbox.ts). Needs the community area.
   */
  live?: number;
  /** How often (real ms) a live sandbox looks whether its clock passed a minute; 0: only when told. */
  liveTickMs?: number;
}

/** The extensions of conventions.md that a sandbox can be started without (`--without`). */
export const sandboxExtensions = ['replies'] as const;
export type SandboxExtension = (typeof sandboxExtensions)[number];

export interface RunningSandbox {
  urls: BaseUrls;
  tokens: { application: string; user: string };
  /** Brands both tokens reach. */
  brands: number[];
  /** A brand that exists but neither token reaches (403). */
  foreignBrand: number;
  /** Root URL, e.g. http://127.0.0.1:4010. */
  origin: string;
  port: number;
  clock: SandboxClock;
  db: DatabaseSync;
  app: FastifyInstance;
  /** The live inbox (`--live N`), to make its next minute happen now; undefined otherwise. */
  live?: LiveInbox;
  /** True when this start seeded the database. */
  seeded: boolean;
  seedMs: number;
  close(): Promise<void>;
}

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const {
    port = 0,
    host = '127.0.0.1',
    db: dbPath = ':memory:',
    seed = 1,
    scale = 1,
    rateLimit = 1000,
    rateWindow = 60,
    faults = 0,
    quiet = true,
    areas = AREAS,
    without = [],
  } = options;
  if (!isLoopbackHost(host)) {
    throw new Error(
      `Refusing to listen on ${host}: the sandbox serves loopback only (127.0.0.1, ::1 or localhost).`,
    );
  }
  const clock = createClock(options.now, { frozen: options.frozenClock });
  const opened = openDatabase({ path: dbPath, areas, seed, scale, now: clock.now() });
  const { db, core } = opened;

  let origin = '';
  const auth = createAuthenticator(db);
  const limiter = new RateLimiter({ limit: rateLimit, windowSeconds: rateWindow, nowMs: clock.nowMs });
  const app = Fastify({
    logger: false,
    forceCloseConnections: true,
    ...transportErrorHandlers({ limiter, identify: auth.identify, nowMs: clock.nowMs }),
  });
  installErrorHandling(app);
  installBodyParsing(app);
  installAuth(app, auth, () => {
    installRateLimit(app, limiter, clock.nowMs);
    installFaults(app, { probability: faults, seed, slowMs: options.faultSlowMs });
  });
  if (!quiet) {
    app.addHook('onResponse', async (request, reply) => {
      process.stderr.write(
        `${request.method} ${request.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms\n`,
      );
    });
  }

  const contextFor = (name: ServiceArea): AreaContext => ({
    db,
    now: clock.now,
    baseUrl: () => `${origin}/${name}`,
    offers: (extension) => !without.includes(extension),
  });
  for (const area of areas) {
    await app.register(async (scope) => area.routes(scope, contextFor(area.name)), {
      prefix: `/${area.name}`,
    });
  }
  const live =
    options.live && options.live > 0 && areas.some((area) => area.name === 'community')
      ? startLiveInbox({ db, clock, perMinute: options.live, seed, tickMs: options.liveTickMs })
      : undefined;
  if (live) await app.register(async (scope) => registerLiveRoutes(scope, live), { prefix: '/community' });

  try {
    await app.listen({ port, host });
  } catch (error) {
    live?.stop();
    db.close();
    throw error;
  }
  const address = app.server.address() as AddressInfo;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  const stops = areas.flatMap((area) => (area.start ? [area.start(contextFor(area.name))] : []));

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      for (const stop of stops) stop();
      live?.stop();
      await app.close();
      db.close();
    })());

  return {
    urls: perServiceArea((name) => `${origin}/${name}`),
    tokens: core.tokens,
    brands: core.brandIds.filter((id) => id !== foreignBrandId),
    foreignBrand: foreignBrandId,
    origin,
    port: address.port,
    clock,
    db,
    app,
    live,
    seeded: opened.seeded,
    seedMs: opened.seedMs,
    close,
  };
}
