/**
 * Inbox mirror benchmark (issue 25), run by `npm run bench:inbox` after the inbox's own: the
 * browser shell and the sandbox at --scale 20 (the database the inbox bench seeded), the
 * mirror's retention set to a year so it holds every interaction, then:
 *   1. the first fill: its time against the zero-429 lower bound of its calls (the calls at the
 *      window's rate, or one after the other at the median page's time shared by the pages the
 *      fill keeps in flight, whichever is longer), and the 429s seen (none allowed);
 *   2. a person's call during the fill: a list the mirror does not answer (relevance) asked every
 *      half second for the fill's first 20 s, its time p95 against the same call's p95 once the fill has ended: the
 *      difference is the wait the fill caused;
 *   3. filter or search change with the mirror filled: `inbox:list` through the shell's bridge
 *      (main's whole answer, the bridge's HTTP round trip included), p95 over types, flags,
 *      Needs reply and searches;
 *   4. the mirror's size on disk (the profile database with its WAL) and main's memory growth
 *      (the shell process's resident set, before the fill and after);
 *   5. start with the service unreachable: the sandbox stopped, the shell started again on the
 *      same folder, a fresh page to the first inbox rows painted.
 */
import { readdirSync, statSync, readFileSync, mkdtempSync, rmSync, existsSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startJsonProcess, stop } from '../test/e2e/support/json-process.ts';
import { launchChromium, root, startSandbox } from './support/browser-shell.ts';

const SCALE = 20;
const targets = {
  filterP95Ms: 30,
  offlineStartMs: 1000,
  fillRatio: 1.1,
  personWaitP95Ms: 50,
  diskMb: 150,
  memoryMb: 150,
};
const FILL_PAGES_AT_ONCE = 4;

function line(name: string, figure: string, target: string, ok: boolean) {
  console.log(
    `  ${name.padEnd(56)} ${figure.padStart(16)}   target ${target.padEnd(12)} ${ok ? 'ok' : 'MISSED'}`,
  );
}
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const ms = (value: number) => `${value.toFixed(1)} ms`;

const dbFile = join(root, `.cache/bench/inbox-scale${SCALE}.db`);
if (!existsSync(dbFile)) {
  console.error('inbox mirror bench: run the inbox bench first (it seeds .cache/bench).');
  process.exit(1);
}
const sandbox = await startSandbox(['--scale', String(SCALE), '--db', dbFile]);
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

console.log(`inbox mirror benchmark: sandbox at --scale ${SCALE}, mirror retention 365 days`);
let shell = await startShell();
await shell.call('settings:update', { mirrorRetentionDays: 365 });
const rssBefore = shell.rssMb();
const brands = sandbox.brands;
const list = (filter: object, limit = 50) =>
  shell.call('inbox:list', { query: { brandIds: brands, filter }, offset: 0, limit }) as Promise<{
    count: number;
  }>;

// One page's time alone, for the lower bound (before the fill, which starts with the profile).
const pageMs: number[] = [];
const statusOf = async () =>
  (await shell.call('accounts:rate-status')) as { limit: number; remaining: number; resetAt: number };

const fillStarted = performance.now();
await shell.call('accounts:add', {
  name: 'Bench',
  baseUrls: sandbox.urls,
  brandIds: brands,
  token: sandbox.tokens.user,
  tokenStore: 'session',
});
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
while (!((await shell.call('mirror:status')) as { filled: boolean }).filled)
  await new Promise((resolve) => setTimeout(resolve, 200));
console.log(`first fill ended after ${((performance.now() - fillStarted) / 1000).toFixed(1)} s`);
const fillMs = performance.now() - fillStarted;
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
const rssAfter = shell.rssMb();

// 3. Filter and search changes from the filled mirror.
const filters: object[] = [
  {},
  { types: ['TIKTOK_COMMENT'] },
  { types: ['INSTAGRAM_COMMENT', 'FACEBOOK_COMMENT'] },
  { read: false },
  { followUp: true },
  { needsReply: true },
  { sort: 'OLDEST_WAITING' },
  { text: 'refund' },
  { text: 'love', types: ['TIKTOK_COMMENT'] },
  { text: 'collection, quality', keywordList: true },
  { archived: false, sentiment: 'negative' },
];
const filterMs: number[] = [];
for (let round = 0; round < 4; round++)
  for (const filter of filters) {
    const started = performance.now();
    await list(filter, 50);
    filterMs.push(performance.now() - started);
  }

// 4. On disk.
const profiles = join(userData, 'profiles');
const diskMb =
  readdirSync(profiles)
    .filter((name) => name.endsWith('.sqlite') || name.endsWith('-wal'))
    .reduce((sum, name) => sum + statSync(join(profiles, name)).size, 0) /
  (1024 * 1024);

// 5. Start with the service unreachable.
await sandbox.stop();
await shell.stop();
shell = await startShell();
const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
const url = await shell.freshUrl();
// The session token did not outlive the restart: given again, as the person would in Settings.
await shell.call('accounts:update', {
  id: ((await shell.call('accounts:list')) as { activeId: string }).activeId,
  token: sandbox.tokens.user,
});
const navigated = performance.now();
await page.goto(url);
await page.getByTestId('inbox-row').first().waitFor({ timeout: 30_000 });
const offlineStartMs = performance.now() - navigated;
await browser.close();
await shell.stop();
rmSync(userData, { recursive: true, force: true });

console.log(
  `${total.toLocaleString('en-US')} interactions mirrored in ${(fillMs / 1000).toFixed(1)} s (${calls} calls, limit ${rate.limit} a window); ` +
    `person's call p95 ${ms(percentile(during, 95))} during the fill (${during.length} calls), ${ms(percentile(after, 95))} after; ` +
    `main ${rssBefore.toFixed(0)} -> ${rssAfter.toFixed(0)} MB`,
);
console.log(`machine load (1 min): ${loadavg()[0]!.toFixed(1)}\n`);
const filterP95 = percentile(filterMs, 95);
line(
  'filter or search change, main answer p95 (mirror filled)',
  ms(filterP95),
  `<= ${targets.filterP95Ms} ms`,
  filterP95 <= targets.filterP95Ms,
);
line(
  'start with the service unreachable to first rows',
  ms(offlineStartMs),
  `<= ${targets.offlineStartMs} ms`,
  offlineStartMs <= targets.offlineStartMs,
);
const ratio = fillMs / lowerBound;
line(
  'first fill vs its zero-429 lower bound',
  `${ratio.toFixed(2)}x`,
  `<= ${targets.fillRatio}x`,
  ratio <= targets.fillRatio,
);
const wait = Math.max(0, percentile(during, 95) - percentile(after, 95));
line(
  "a person's call during the fill, wait p95",
  ms(wait),
  `<= ${targets.personWaitP95Ms} ms`,
  wait <= targets.personWaitP95Ms,
);
line('mirror on disk', `${diskMb.toFixed(0)} MB`, `<= ${targets.diskMb} MB`, diskMb <= targets.diskMb);
const growth = rssAfter - rssBefore;
line(
  'main memory growth',
  `${growth.toFixed(0)} MB`,
  `<= ${targets.memoryMb} MB`,
  growth <= targets.memoryMb,
);
