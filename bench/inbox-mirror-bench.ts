/**
 * Inbox mirror benchmark (issue 25), run by `npm run bench:inbox` after the inbox's own: the
 * browser shell and the sandbox at --scale 20 (the database the inbox bench seeded), the
 * mirror's retention set to a year so it holds every interaction (100,000, more than the issue's
 * 85,000), then:
 *   1. the first fill: its time against the zero-429 lower bound of its calls (the calls at the
 *      window's rate, or one after the other at the median page's time shared by the pages the
 *      fill keeps in flight, whichever is longer), and the 429s the service answered (the gate's
 *      status, read every 200 ms, says while a 429 holds it: each hold lasts until the window's
 *      end, so none is missed);
 *   2. a person's call during the fill: a list the mirror does not answer (relevance) asked every
 *      half second for the fill's first 20 s, its time p95 against the same call's p95 once the
 *      fill has ended: the difference is the wait the fill caused;
 *   3. the mirror's size on disk (the profile database with its WAL) and main's memory growth
 *      (the shell process's resident set before the fill, and 20 s after it, main idle: what it
 *      keeps, once V8 has given back the fill's garbage; the reading at the fill's end is printed);
 *   4. in Chromium with the mirror filled: cold start (a fresh context to the first inbox rows
 *      painted, median of 3) and filter or search changes to their first rows painted, p95 (as
 *      the inbox bench times them: every type, All types again, eight searches);
 *   5. start with the service unreachable: the sandbox stopped, the shell started again on the
 *      same folder, a fresh page to the first inbox rows painted (median of 3);
 *   6. the default 90 days: the retention set back, the sandbox and the shell started again (the
 *      rows older than 90 days leave the mirror; the service keeps its 180 days), and the filter
 *      and search changes timed again: lists with no range are then answered from the mirror's
 *      rows and the service's count of the older ones.
 * `--quick` leaves out step 6.
 */
import { readdirSync, statSync, readFileSync, mkdtempSync, rmSync, existsSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startJsonProcess, stop } from '../test/e2e/support/json-process.ts';
import { launchChromium, root, startSandbox, type RunningSandbox } from './support/browser-shell.ts';
import { figureLine, ms, openInbox, percentile, timeFilterChanges } from './support/inbox-page.ts';

const SCALE = 20;
const quick = process.argv.includes('--quick');
const targets = {
  filterP95Ms: 30,
  coldMs: 1000,
  offlineStartMs: 1000,
  fillRatio: 1.1,
  personWaitP95Ms: 50,
  diskMb: 150,
  memoryMb: 150,
};
const FILL_PAGES_AT_ONCE = 4;
const loads: string[] = [];
const noteLoad = (step: string) => loads.push(`${step} ${loadavg()[0]!.toFixed(1)}`);

const dbFile = join(root, `.cache/bench/inbox-scale${SCALE}.db`);
if (!existsSync(dbFile)) {
  console.error('inbox mirror bench: run the inbox bench first (it seeds .cache/bench).');
  process.exit(1);
}
if (!existsSync(join(root, 'out/renderer/index.html'))) {
  console.error('inbox mirror bench: no built renderer in out/renderer; run `npm run build` first.');
  process.exit(1);
}
let sandbox: RunningSandbox = await startSandbox(['--scale', String(SCALE), '--db', dbFile]);
const userData = mkdtempSync(join(tmpdir(), 'socialdesk-mirror-bench-'));
const keychain = `Socialdesk-bench-${process.pid}`;

async function startShell() {
  const shell = await startJsonProcess(
    [join(root, 'src/main/web/cli.ts'), '--port', '0', '--json', '--user-data', userData],
    { cwd: root, env: { ...process.env, SOCIALDESK_KEYCHAIN_SERVICE: keychain } },
  );
  const origin = String(shell.ready.origin);
  const freshUrl = async () => {
    shell.send('');
    return String((await shell.nextJson((l) => 'url' in l && !('ready' in l))).url);
  };
  const session = (await fetch(await freshUrl(), { redirect: 'manual' })).headers
    .getSetCookie()[0]!
    .split(';')[0]!;
  async function call(name: string, input?: unknown): Promise<unknown> {
    const response = await fetch(`${origin}/bridge/call/${name}`, {
      method: 'POST',
      headers: { cookie: session, 'content-type': 'application/json' },
      body: JSON.stringify({ input }),
    });
    const answer = (await response.json()) as { ok: boolean; value?: unknown; error?: { message: string } };
    if (!answer.ok) throw new Error(`${name}: ${answer.error?.message}`);
    return answer.value;
  }
  const rssMb = () => {
    const status = readFileSync(`/proc/${shell.child.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
  };
  return { freshUrl, call, rssMb, stop: () => stop(shell.child) };
}

/** The profile pointed at the (restarted) sandbox, with its token again: it lived in the session only. */
async function reconnect(target: Awaited<ReturnType<typeof startShell>>) {
  await target.call('accounts:update', {
    id: ((await target.call('accounts:list')) as { activeId: string }).activeId,
    baseUrls: sandbox.urls,
    token: sandbox.tokens.user,
  });
}

console.log(`inbox mirror benchmark: sandbox at --scale ${SCALE}, mirror retention 365 days, then 90`);
let shell = await startShell();
await shell.call('settings:update', { mirrorRetentionDays: 365 });
const rssBefore = shell.rssMb();
const brands = sandbox.brands;
const list = (filter: object, limit = 50) =>
  shell.call('inbox:list', { query: { brandIds: brands, filter }, offset: 0, limit }) as Promise<{
    count: number;
  }>;
type Status = { limit: number; remaining: number; resetAt: number; throttledUntil: number };
const statusOf = async () => (await shell.call('accounts:rate-status')) as Status;

// 1. The first fill.
const pageMs: number[] = [];
noteLoad('fill');
const fillStarted = performance.now();
await shell.call('accounts:add', {
  name: 'Bench',
  baseUrls: sandbox.urls,
  brandIds: brands,
  token: sandbox.tokens.user,
  tokenStore: 'session',
});
// 429s: each holds the gate (throttledUntil) until its window ends; every hold is one or more 429s.
const holds = new Set<number>();
// 2. A person's calls while the fill runs.
const during: number[] = [];
let filled = false;
// For the first 20 s only: a person at work the whole fill long would hold it to one page in
// flight throughout (as it should), and the fill's own figure is of the app left alone.
const personUntil = performance.now() + 20_000;
const person = (async () => {
  while (!filled && performance.now() < personUntil) {
    const started = performance.now();
    await list({ text: 'love', sort: 'RELEVANCE' }, 50);
    during.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
})();
for (;;) {
  const status = await statusOf();
  if (status.throttledUntil > 0) holds.add(status.throttledUntil);
  if (((await shell.call('mirror:status')) as { filled: boolean }).filled) break;
  await new Promise((resolve) => setTimeout(resolve, 200));
}
const fillMs = performance.now() - fillStarted;
console.log(`first fill ended after ${(fillMs / 1000).toFixed(1)} s`);
filled = true;
await person;
const rate = await statusOf();
const total = (await list({}, 0)).count;
const calls = Math.ceil(total / 100) + brands.length * 3;
const after: number[] = [];
for (let i = 0; i < 20; i++) {
  const started = performance.now();
  await list({ text: 'love', sort: 'RELEVANCE' }, 50);
  after.push(performance.now() - started);
}
for (let i = 0; i < 10; i++) {
  const started = performance.now();
  await list({ text: 'love', sort: 'RELEVANCE', types: ['TIKTOK_COMMENT'] }, 100);
  pageMs.push(performance.now() - started);
}
const rateBound = rate.limit > 0 ? (calls / rate.limit) * 60_000 : 0;
const latencyBound = (calls * percentile(pageMs, 50)) / FILL_PAGES_AT_ONCE;
const lowerBound = Math.max(rateBound, latencyBound);
const rssAtFillEnd = shell.rssMb();
// What main keeps: V8 gives its young generation and the fill's garbage back once main has been
// idle a few seconds (the sweep's first round waits an interval after a fill), so the figure is
// the resident set 20 s on, read each second; the reading at the fill's end is printed beside it.
let rssAfter = rssAtFillEnd;
for (let second = 0; second < 20; second++) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  rssAfter = shell.rssMb();
}

// Main's own answer to the same kind of changes (the bridge's HTTP round trip included), beside
// the renderer's figure below: what of it is main's.
const mainFilters: object[] = [
  {},
  { types: ['TIKTOK_COMMENT'] },
  { types: ['INSTAGRAM_COMMENT', 'FACEBOOK_COMMENT'] },
  { read: false },
  { needsReply: true },
  { text: 'refund' },
  { text: 'love', types: ['TIKTOK_COMMENT'] },
  { archived: false, sentiment: 'negative' },
];
const mainMs: number[] = [];
for (let round = 0; round < 4; round++)
  for (const filter of mainFilters) {
    const started = performance.now();
    await list(filter, 50);
    mainMs.push(performance.now() - started);
  }

// 3. On disk.
const profiles = join(userData, 'profiles');
const diskMb =
  readdirSync(profiles)
    .filter((name) => name.endsWith('.sqlite') || name.endsWith('-wal'))
    .reduce((sum, name) => sum + statSync(join(profiles, name)).size, 0) /
  (1024 * 1024);

// 4. Cold start and filter changes in Chromium, the mirror filled.
const browser = await launchChromium();
async function coldStarts(runs = 3): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const { firstRowsMs, close } = await openInbox(browser, await shell.freshUrl());
    times.push(firstRowsMs);
    await close();
  }
  return times;
}
async function filterChanges(): Promise<number[]> {
  const { page, close } = await openInbox(browser, await shell.freshUrl());
  await page.getByTestId('page-subtitle').filter({ hasText: 'interactions' }).waitFor();
  const times = await timeFilterChanges(page);
  await close();
  return times;
}
noteLoad('cold start');
const coldMs = await coldStarts();
noteLoad('filter changes');
const filterMs = await filterChanges();

// 5. Start with the service unreachable.
await sandbox.stop();
await shell.stop();
shell = await startShell();
// The session token did not outlive the restart: given again, as the person would in Settings.
await reconnect(shell);
noteLoad('offline start');
const offlineMs = await coldStarts();

// 6. The default 90 days, against the service's 180.
let filter90Ms: number[] = [];
if (!quick) {
  await shell.call('settings:update', { mirrorRetentionDays: 90 });
  await shell.stop();
  sandbox = await startSandbox(['--scale', String(SCALE), '--db', dbFile]);
  shell = await startShell();
  await reconnect(shell);
  while (!((await shell.call('mirror:status')) as { filled: boolean }).filled)
    await new Promise((resolve) => setTimeout(resolve, 200));
  noteLoad('filter changes (90 days)');
  filter90Ms = await filterChanges();
  await sandbox.stop();
}
await browser.close();
await shell.stop();
rmSync(userData, { recursive: true, force: true });

console.log(
  `${total.toLocaleString('en-US')} interactions mirrored in ${(fillMs / 1000).toFixed(1)} s (${calls} calls, limit ${rate.limit} a window, lower bound ${(lowerBound / 1000).toFixed(1)} s); ` +
    `person's call p95 ${ms(percentile(during, 95))} during the fill (${during.length} calls), ${ms(percentile(after, 95))} after; ` +
    `main ${rssBefore.toFixed(0)} -> ${rssAtFillEnd.toFixed(0)} MB at the fill's end, ${rssAfter.toFixed(0)} MB 20 s on`,
);
console.log(
  `cold starts ${coldMs.map(ms).join(', ')}; offline starts ${offlineMs.map(ms).join(', ')}; ` +
    `${filterMs.length} filter changes (p50 ${ms(percentile(filterMs, 50))})` +
    (filter90Ms.length ? `; at 90 days p50 ${ms(percentile(filter90Ms, 50))}` : '') +
    `; main's own answer p50 ${ms(percentile(mainMs, 50))}, p95 ${ms(percentile(mainMs, 95))}`,
);
if (process.env.BENCH_DETAIL)
  console.log(
    `filter changes: ${filterMs.map((v) => v.toFixed(0)).join(' ')}\nat 90 days: ${filter90Ms.map((v) => v.toFixed(0)).join(' ')}`,
  );
console.log(
  `machine load (1 min) at each step: ${loads.join(', ')}; at the end ${loadavg()[0]!.toFixed(1)}\n`,
);
const filterP95 = percentile(filterMs, 95);
figureLine(
  'filter or search change to first rows painted, p95',
  ms(filterP95),
  `<= ${targets.filterP95Ms} ms`,
  filterP95 <= targets.filterP95Ms,
);
if (filter90Ms.length) {
  const p95 = percentile(filter90Ms, 95);
  figureLine(
    '  the same, default 90 days kept (service holds 180)',
    ms(p95),
    `<= ${targets.filterP95Ms} ms`,
    p95 <= targets.filterP95Ms,
  );
}
const cold = percentile(coldMs, 50);
figureLine(
  'cold start to first inbox rows painted (median of 3)',
  ms(cold),
  `<= ${targets.coldMs} ms`,
  cold <= targets.coldMs,
);
const offline = percentile(offlineMs, 50);
figureLine(
  'start with the service unreachable to first rows (median of 3)',
  ms(offline),
  `<= ${targets.offlineStartMs} ms`,
  offline <= targets.offlineStartMs,
);
const ratio = fillMs / lowerBound;
figureLine(
  'first fill vs its zero-429 lower bound',
  `${ratio.toFixed(2)}x`,
  `<= ${targets.fillRatio}x`,
  ratio <= targets.fillRatio,
);
figureLine('429s during the first fill (holds of the gate)', String(holds.size), '0', holds.size === 0);
const wait = Math.max(0, percentile(during, 95) - percentile(after, 95));
figureLine(
  "a person's call during the fill, wait p95",
  ms(wait),
  `<= ${targets.personWaitP95Ms} ms`,
  wait <= targets.personWaitP95Ms,
);
figureLine('mirror on disk', `${diskMb.toFixed(0)} MB`, `<= ${targets.diskMb} MB`, diskMb <= targets.diskMb);
const growth = rssAfter - rssBefore;
figureLine(
  'main memory growth (20 s after the fill, main idle)',
  `${growth.toFixed(0)} MB`,
  `<= ${targets.memoryMb} MB`,
  growth <= targets.memoryMb,
);
