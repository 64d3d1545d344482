import { parseArgs } from 'node:util';
import {
  isLoopbackHost,
  sandboxExtensions,
  startSandbox,
  type RunningSandbox,
  type SandboxExtension,
  type SandboxOptions,
} from './start.ts';

/**
 * `node src/sandbox/cli.ts [--port N] [--host 127.0.0.1] [--db FILE|:memory:] [--seed N]
 * [--scale N] [--now DATE-TIME] [--rate-limit N] [--rate-window SECONDS] [--faults P]
 * [--live N] [--without EXTENSION]... [--json]`
 */

const usage = `Usage: npm run sandbox -- [options]
  --port N               port to listen on (default 4010; 0 picks a free one)
  --host HOST            loopback address (default 127.0.0.1)
  --db FILE|:memory:     database file, kept across restarts (default :memory:)
  --seed N               seed for the data and tokens of a new database (default 1)
  --scale N              volume multiplier for the generated data (default 1)
  --now DATE-TIME        start the sandbox clock at this time (it runs on from there)
  --rate-limit N         calls per application per window (default 1000)
  --rate-window SECONDS  rate-limit window (default 60)
  --faults P             fraction 0..1 of requests that fail on purpose (default 0)
  --live N               a sandbox that lives: N new interactions a minute on the sandbox clock
                         (comments, mentions, replies in TikTok threads) and teammates' triage;
                         POST {community_url}/_sandbox/live/next-minute makes the next minute now
  --live-on-request      minutes of --live come only from that route, one per request (tests)
  --without EXTENSION    serve without an extension of conventions.md, as a service that lacks it
                         (404 on its path): ${sandboxExtensions.join(', ')}; may be repeated
  --json                 print one JSON line when ready, nothing else on stdout
  --help                 show this help`;

class UsageError extends Error {}

function integer(
  name: string,
  value: string | undefined,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`--${name} must be an integer from ${min} to ${max}, not "${value}".`);
  }
  return Number(value);
}

function parseOptions(argv: string[]): { options: SandboxOptions; json: boolean; help: boolean } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        db: { type: 'string' },
        seed: { type: 'string' },
        scale: { type: 'string' },
        now: { type: 'string' },
        'rate-limit': { type: 'string' },
        'rate-window': { type: 'string' },
        faults: { type: 'string' },
        live: { type: 'string' },
        'live-on-request': { type: 'boolean' },
        without: { type: 'string', multiple: true },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const faults = values.faults === undefined ? undefined : Number(values.faults);
  if (faults !== undefined && !(values.faults !== '' && faults >= 0 && faults <= 1)) {
    throw new UsageError(`--faults must be a fraction from 0 to 1, not "${values.faults}".`);
  }
  if (values.now !== undefined && Number.isNaN(Date.parse(values.now))) {
    throw new UsageError(`--now must be a date-time such as 2026-07-01T09:00:00Z, not "${values.now}".`);
  }
  if (values.host !== undefined && !isLoopbackHost(values.host)) {
    throw new UsageError(
      `--host ${values.host} is not a loopback address: the sandbox serves 127.0.0.1, ::1 or localhost only.`,
    );
  }
  const without = values.without ?? [];
  const unknown = without.find((name) => !(sandboxExtensions as readonly string[]).includes(name));
  if (unknown !== undefined) {
    throw new UsageError(`--without takes ${sandboxExtensions.join(', ')}, not "${unknown}".`);
  }
  if (values.db === '') throw new UsageError('--db needs a file path or :memory:.');
  return {
    json: values.json ?? false,
    help: values.help ?? false,
    options: {
      port: integer('port', values.port, 0, 65535) ?? 4010,
      host: values.host,
      db: values.db,
      seed: integer('seed', values.seed, 0, 2 ** 31),
      scale: integer('scale', values.scale, 1, 1000),
      now: values.now,
      rateLimit: integer('rate-limit', values['rate-limit'], 1),
      rateWindow: integer('rate-window', values['rate-window'], 1),
      faults,
      live: integer('live', values.live, 1, 600),
      liveTickMs: values['live-on-request'] ? 0 : undefined,
      without: without as SandboxExtension[],
      quiet: values.json ?? false,
    },
  };
}

function summary(sandbox: RunningSandbox, dbPath: string): string {
  const { urls, tokens, brands, foreignBrand } = sandbox;
  return [
    'Socialdesk sandbox is ready.',
    '',
    '  Base URLs',
    `    library    ${urls.library}`,
    `    scheduler  ${urls.scheduler}`,
    `    dashboard  ${urls.dashboard}`,
    `    community  ${urls.community}`,
    '',
    '  Tokens (Authorization: Bearer <token>)',
    `    application user  ${tokens.application}   reaches brands ${brands.join(', ')}`,
    `    normal user       ${tokens.user}   reaches brands ${brands.join(', ')}`,
    `    foreign brand     ${foreignBrand} (exists, neither token reaches it: 403)`,
    '',
    `  Database: ${dbPath === ':memory:' ? 'in memory (gone when the sandbox stops)' : dbPath}${sandbox.seeded ? ' (seeded now)' : ''}`,
    '  Press Ctrl+C to stop.',
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`sandbox: ${(error as Error).message}\n\n${usage}\n`);
    process.exit(2);
  }
  if (parsed.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  let sandbox: RunningSandbox;
  try {
    sandbox = await startSandbox(parsed.options);
  } catch (error) {
    process.stderr.write(`sandbox: could not start: ${(error as Error).message}\n`);
    process.exit(1);
  }
  // Handlers go in before the ready line: a supervisor that stops the sandbox as soon as it
  // reads that line must find them installed. A second signal while closing changes nothing.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`sandbox: error while closing: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (parsed.json) {
    const { urls, tokens, brands, foreignBrand } = sandbox;
    process.stdout.write(
      `${JSON.stringify({ ready: true, urls, tokens, brands, foreign_brand: foreignBrand })}\n`,
    );
  } else {
    process.stdout.write(summary(sandbox, parsed.options.db ?? ':memory:'));
  }
}

await main();
