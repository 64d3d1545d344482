/**
 * Rate benchmark: `node bench/rate-bench.ts` (`npm run bench:rate`). Pages through 20,000
 * community interactions (200 pages of 100) against a sandbox started with
 * `--rate-limit 100 --rate-window 6 --scale 5`, in three scenarios (issue 13):
 *   1. Bulk alone: the paging job with four clients, one after another: ours (the API client and
 *      its rate gate) marked interactive, ours marked background, plain ky with its built-in
 *      retry (which retries a 429 after x-ratelimit-reset), and a fixed-window throttle (at most
 *      100 calls per 6 s of its own clock, ky retry as well).
 *   2. A person during a bulk job: ours runs the job as background while an interactive call is
 *      made every 500 ms; the interactive calls' wait at the gate (p50, p95, max).
 *   3. The window shared with another tool of the same application, which spends 40 calls at
 *      the start of every window: ours (interactive) and the two baselines.
 *
 * The lower bound of a job is the shortest time any client could take with zero 429s: with the
 * run starting at a window start, N calls, limit L and window W, (ceil(N/L) - 1) * W plus the
 * time to make the last window's calls back to back. The time per call is measured in a warm-up
 * that walks the same job through our own client with the gate switched off, so the bound
 * isolates what the gate costs. A job alone is measured against the whole budget (L = 100)
 * whatever its lane: with nobody else calling, the reserve kept for people is lent to it (issue
 * 22). Only the job sharing the gate with a person is measured against what the reserve leaves
 * it (90).
 *
 * Choices: each run gets a fresh sandbox process (the limit is per application and the sandbox
 * has one, so runs sharing one would share the limit), one run after another so they do not
 * compete for the two cores. Each run starts just after a server window begins, so no client
 * gains from a partial first window. `--quick` runs scenario 1 only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import ky from 'ky';
import { createApiClient } from '../src/main/services/api/api-client.ts';
import {
  RateGate,
  type AcquireOptions,
  type Lane,
  type RateTicket,
} from '../src/main/services/api/rate-gate.ts';

const LIMIT = 100;
const WINDOW_S = 6;
const ITEMS = 20_000;
const PAGE = 100;
const CALLS = ITEMS / PAGE;
/** What background work leaves to people in each window (RateWindow.reserve for a limit of 100). */
const RESERVE = 10;
const OTHER_TOOL = 40;
const PERSON_EVERY_MS = 500;
const targets = { boundRatio: 1.05, baselineNoise: 1.02, personP95Ms: 50, bulkWithPersonRatio: 1.15 };
const { values: args } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });

interface Sandbox {
  urls: Record<'library' | 'scheduler' | 'dashboard' | 'community', string>;
  tokens: { user: string; application: string };
  brands: number[];
  process: ChildProcess;
}

interface Run {
  calls: number;
  throttled: number;
  items: number;
  seconds: number;
  /** Interactive calls' wait at the gate, ms (scenario 2). */
  waits: number[];
  /** Time the bulk job's calls spent waiting at our gate, s (0 for the baselines). */
  gateWaitSeconds: number;
}

async function startSandboxProcess(rateLimit = LIMIT): Promise<Sandbox> {
  const child = spawn(
    process.execPath,
    [
      ...['src/sandbox/cli.ts', '--port', '0', '--json', '--scale', '5'],
      ...['--rate-limit', String(rateLimit), '--rate-window', String(WINDOW_S)],
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    const ready = JSON.parse(line) as Omit<Sandbox, 'process'>;
    return { ...ready, process: child };
  }
  throw new Error('The sandbox stopped before it was ready.');
}

/** A fetch that counts answers, so every client is measured the same way. */
function counting(run: Run): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    run.calls += 1;
    if (response.status === 429) run.throttled += 1;
    return response;
  };
}

/** Our gate, switched off: every call goes at once (the warm-up measures the client alone). */
class OpenGate extends RateGate {
  override acquire(): Promise<RateTicket> {
    return Promise.resolve({ complete: () => undefined, abandon: () => undefined });
  }
}

/** Our gate, timing how long each call waits at it, by lane. */
class TimedGate extends RateGate {
  readonly waits: Record<Lane, number[]> = { interactive: [], background: [] };
  override async acquire(key?: string, options: AcquireOptions = {}): Promise<RateTicket> {
    const start = performance.now();
    const ticket = await super.acquire(key, options);
    this.waits[(options.lane ?? 'interactive') === 'interactive' ? 'interactive' : 'background'].push(
      performance.now() - start,
    );
    return ticket;
  }
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

type Walker = (sandbox: Sandbox, run: Run) => Promise<void>;

async function walkOurs(sandbox: Sandbox, run: Run, gate: RateGate, lane: Lane): Promise<void> {
  const client = createApiClient({
    baseUrls: sandbox.urls,
    getToken: () => sandbox.tokens.user,
    gate,
    lane,
    fetch: counting(run),
  });
  for await (const interaction of client.community.iterateInteractions({
    brand_ids: sandbox.brands,
    limit: PAGE,
  })) {
    if (interaction && ++run.items >= ITEMS) break;
  }
}

const ours =
  (lane: Lane): Walker =>
  async (sandbox, run) => {
    const gate = new TimedGate();
    await walkOurs(sandbox, run, gate, lane);
    run.gateWaitSeconds = sum(gate.waits[lane]) / 1000;
  };

/** The bulk job as background, and a person's call every 500 ms on the same gate meanwhile. */
const bulkWithPerson: Walker = async (sandbox, run) => {
  const gate = new TimedGate();
  const person = createApiClient({
    baseUrls: sandbox.urls,
    getToken: () => sandbox.tokens.user,
    gate,
    fetch: counting(run),
  });
  let bulkDone = false;
  const personCalls: Promise<unknown>[] = [];
  const personLoop = (async () => {
    while (!bulkDone) {
      personCalls.push(person.community.listTags(sandbox.brands));
      await sleep(PERSON_EVERY_MS);
    }
  })();
  await walkOurs(sandbox, run, gate, 'background');
  bulkDone = true;
  await personLoop;
  await Promise.all(personCalls);
  run.waits = gate.waits.interactive;
  run.gateWaitSeconds = sum(gate.waits.background) / 1000;
};

/** Follows paging.next with a ky instance; a page that still fails after ky's retries is tried again. */
async function walkWithKy(sandbox: Sandbox, run: Run, beforeEach: () => Promise<void> = async () => {}) {
  const api = ky.create({
    headers: { authorization: `Bearer ${sandbox.tokens.user}` },
    fetch: counting(run),
    retry: { limit: 2 },
  });
  let next: string | null =
    `${sandbox.urls.community}/community_interactions?brand_ids=${sandbox.brands.join(',')}&limit=${PAGE}`;
  while (next && run.items < ITEMS) {
    await beforeEach();
    try {
      const page: { data: unknown[]; paging: { next: string | null } } = await api.get(next).json();
      run.items += page.data.length;
      next = page.paging.next;
    } catch {
      // ky gave up (retries used up): go on with the same page, as a caller would.
    }
  }
}

const plainKy: Walker = (sandbox, run) => walkWithKy(sandbox, run);

const fixedWindow: Walker = (sandbox, run) => {
  // Knows the limit in advance, counts windows on its own clock, never reads the headers.
  let windowStart = performance.now();
  let used = 0;
  return walkWithKy(sandbox, run, async () => {
    const now = performance.now();
    if (now - windowStart >= WINDOW_S * 1000) {
      windowStart = now;
      used = 0;
    }
    if (used >= LIMIT) {
      await sleep(windowStart + WINDOW_S * 1000 - now);
      windowStart = performance.now();
      used = 0;
    }
    used += 1;
  });
};

/** Waits until just after the server's next window begins (sandbox windows align to the epoch). */
async function nextWindowStart(signal?: AbortSignal): Promise<number> {
  const windowMs = WINDOW_S * 1000;
  const start = Math.ceil(Date.now() / windowMs) * windowMs;
  await sleep(start - Date.now() + 20, undefined, { signal }).catch(() => undefined);
  return start;
}

/** Another tool of the same application: spends OTHER_TOOL calls just after every window starts. */
async function otherTool(sandbox: Sandbox, stop: AbortSignal): Promise<void> {
  const url = `${sandbox.urls.community}/tags?brand_ids=${sandbox.brands[0]}`;
  const headers = { authorization: `Bearer ${sandbox.tokens.application}` };
  while (!stop.aborted) {
    await Promise.all(
      Array.from({ length: OTHER_TOOL }, () =>
        fetch(url, { headers })
          .then((r) => r.arrayBuffer())
          .catch(() => undefined),
      ),
    );
    await nextWindowStart(stop);
  }
}

async function measure(walk: Walker, options: { shared?: boolean; rateLimit?: number } = {}): Promise<Run> {
  const sandbox = await startSandboxProcess(options.rateLimit);
  const stop = new AbortController();
  try {
    const run: Run = { calls: 0, throttled: 0, items: 0, seconds: 0, waits: [], gateWaitSeconds: 0 };
    const windowStart = await nextWindowStart();
    const background = options.shared ? otherTool(sandbox, stop.signal) : Promise.resolve();
    await walk(sandbox, run);
    run.seconds = (Date.now() - windowStart) / 1000;
    stop.abort();
    await background;
    if (run.items < ITEMS) throw new Error(`only ${run.items} of ${ITEMS} items came back`);
    return run;
  } finally {
    sandbox.process.kill();
  }
}

/**
 * Shortest time for CALLS calls at `perWindow` a window, the last window's back to back. (On a
 * machine too slow to make a window's calls within the window, the calls themselves bound it.)
 */
function lowerBound(perWindow: number, secondsPerCall: number): number {
  const fullWindows = Math.ceil(CALLS / perWindow) - 1;
  const byWindows = fullWindows * WINDOW_S + (CALLS - fullWindows * perWindow) * secondsPerCall;
  return Math.max(byWindows, CALLS * secondsPerCall);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

let missed = false;
/** One figure on one line, beside its target and a verdict when it has one. */
function line(name: string, figure: string, target = '-', ok?: boolean) {
  const verdict = ok === undefined ? '' : ok ? 'ok' : 'MISSED';
  if (ok === false) missed = true;
  console.log(`  ${name.padEnd(52)} ${figure.padStart(10)}   target ${target.padEnd(10)} ${verdict}`);
}

console.log(
  `rate benchmark: ${ITEMS} interactions in ${CALLS} pages of ${PAGE}, ${LIMIT} calls per ${WINDOW_S} s`,
);
console.log('each run on a fresh sandbox, starting just after a window begins\n');

/**
 * Seconds per call of our client with the gate off: the job walked twice on one sandbox with no
 * practical limit, the first walk warming it up (a fresh process is slower for its first calls).
 */
async function warmUp(): Promise<number> {
  const sandbox = await startSandboxProcess(1_000_000);
  try {
    let seconds = 0;
    for (let pass = 0; pass < 2; pass++) {
      const run: Run = { calls: 0, throttled: 0, items: 0, seconds: 0, waits: [], gateWaitSeconds: 0 };
      const start = performance.now();
      await walkOurs(sandbox, run, new OpenGate(), 'interactive');
      seconds = (performance.now() - start) / 1000 / run.calls;
    }
    return seconds;
  } finally {
    sandbox.process.kill();
  }
}

/** What the machine gave a run: the bulk job's time outside the gate, per call of the job. */
const runPerCall = (run: Run) => (run.seconds - run.gateWaitSeconds) / (run.calls - run.waits.length);

const perCall = await warmUp();
const bound = { whole: lowerBound(LIMIT, perCall), lessReserve: lowerBound(LIMIT - RESERVE, perCall) };
console.log(`warm-up, our client with the gate off: ${(perCall * 1000).toFixed(1)} ms per call`);
console.log(
  `lower bounds: ${bound.whole.toFixed(2)} s with the whole budget (${LIMIT} a window), ` +
    `${bound.lessReserve.toFixed(2)} s with the reserve left to a person (${LIMIT - RESERVE} a window)\n`,
);

console.log('== 1. bulk alone\n');
const alone = {
  interactive: await measure(ours('interactive')),
  background: await measure(ours('background')),
  ky: await measure(plainKy),
  fixed: await measure(fixedWindow),
};
const zero429Baselines = [alone.ky, alone.fixed].filter((run) => run.throttled === 0);
const fastestBaseline = Math.min(...zero429Baselines.map((run) => run.seconds));
for (const lane of ['interactive', 'background'] as const) {
  const run = alone[lane];
  const ratio = run.seconds / bound.whole;
  console.log(`rate gate (ours), marked ${lane}: ${run.items} items in ${run.calls - run.throttled} pages`);
  line('total time', `${run.seconds.toFixed(2)} s`);
  line('of which waiting at the gate', `${run.gateWaitSeconds.toFixed(2)} s`);
  line(
    'time / lower bound (whole budget)',
    ratio.toFixed(3),
    `<= ${targets.boundRatio}`,
    ratio <= targets.boundRatio,
  );
  line('(time per call in this run)', `${(runPerCall(run) * 1000).toFixed(1)} ms`);
  line(
    '(time / bound at this run’s call speed)',
    (run.seconds / lowerBound(LIMIT, runPerCall(run))).toFixed(3),
  );
  line('429 answers', String(run.throttled), '0', run.throttled === 0);
  if (lane === 'interactive') {
    const vsBaseline = run.seconds / fastestBaseline;
    line(
      'time / fastest zero-429 baseline',
      Number.isFinite(vsBaseline) ? vsBaseline.toFixed(3) : 'none',
      `<= ${targets.baselineNoise}`,
      Number.isFinite(vsBaseline) ? vsBaseline <= targets.baselineNoise : undefined,
    );
  }
  console.log('');
}
for (const [name, run] of [
  ['plain ky, built-in retry', alone.ky],
  ['fixed-window throttle', alone.fixed],
] as const) {
  console.log(`${name}: ${run.items} items in ${run.calls - run.throttled} pages`);
  line('total time', `${run.seconds.toFixed(2)} s`);
  line('time / lower bound (whole budget)', (run.seconds / bound.whole).toFixed(3));
  line('429 answers', String(run.throttled));
  console.log('');
}

if (!args.quick) {
  console.log(`== 2. a person during a bulk job (an interactive call every ${PERSON_EVERY_MS} ms)\n`);
  const mixed = await measure(bulkWithPerson);
  const ratio = mixed.seconds / bound.lessReserve;
  console.log(`rate gate (ours): bulk job in background, ${mixed.waits.length} interactive calls`);
  line('interactive wait at the gate, p50', `${percentile(mixed.waits, 50).toFixed(1)} ms`);
  line(
    'interactive wait at the gate, p95',
    `${percentile(mixed.waits, 95).toFixed(1)} ms`,
    `<= ${targets.personP95Ms} ms`,
    percentile(mixed.waits, 95) <= targets.personP95Ms,
  );
  line('interactive wait at the gate, max', `${Math.max(...mixed.waits).toFixed(1)} ms`);
  line('429 answers', String(mixed.throttled), '0', mixed.throttled === 0);
  line('bulk job time', `${mixed.seconds.toFixed(2)} s`);
  line('of which waiting at the gate', `${mixed.gateWaitSeconds.toFixed(2)} s`);
  line(
    'bulk time / lower bound (reserve left to the person)',
    ratio.toFixed(3),
    `<= ${targets.bulkWithPersonRatio}`,
    ratio <= targets.bulkWithPersonRatio,
  );
  line('(time per call in this run)', `${(runPerCall(mixed) * 1000).toFixed(1)} ms`);
  line(
    '(time / bound at this run’s call speed)',
    (mixed.seconds / lowerBound(LIMIT - RESERVE, runPerCall(mixed))).toFixed(3),
  );
  console.log('');

  console.log(`== 3. window shared with another tool, which spends ${OTHER_TOOL} calls per window\n`);
  for (const [name, walk, isOurs] of [
    ['rate gate (ours), interactive', ours('interactive'), true],
    ['plain ky, built-in retry', plainKy, false],
    ['fixed-window throttle', fixedWindow, false],
  ] as const) {
    const run = await measure(walk, { shared: true });
    console.log(`${name}: ${run.items} items in ${run.calls - run.throttled} pages`);
    line('total time', `${run.seconds.toFixed(2)} s`);
    line('429 answers', String(run.throttled), isOurs ? '0' : '-', isOurs ? run.throttled === 0 : undefined);
    console.log('');
  }
}
console.log('Targets apply to our client; the others are the baselines it is compared with.');
process.exit(missed ? 1 : 0);
