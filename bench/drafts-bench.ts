/**
 * Drafts benchmark: `node bench/drafts-bench.ts` (`npm run bench:drafts`). Prints each figure of
 * issue 15 beside its target, one line a figure:
 *   1. with 10,000 drafts in the profile's database, the p95 time to save a draft: one
 *      `drafts:save` call through dispatch (input validation, the handler, one transaction with
 *      synchronous = FULL), as the composer makes it every second of editing; target <= 10 ms;
 *   2. the longest event-loop stall of this process (which hosts the services, as the main
 *      process does) while 1,000 drafts are put in line at once (one transaction) and the
 *      outbox syncs them, measured with perf_hooks' monitorEventLoopDelay at 10 ms resolution
 *      (the longest delay less those 10 ms); target <= 50 ms;
 *   3. 429 answers during that sync, against a sandbox with a tight limit (--rate-limit 200
 *      --rate-window 3: the 1,000 creates need six windows); target 0;
 *   4. the Scheduler's month view drawing 1,000 posts, p95 of 5 renders (after one not counted),
 *      in Chromium on the built app (`npm run build` first) against a sandbox of its own: from
 *      the posts' answer complete to the frame after the calendar's last change (see
 *      support/calendar-month-timing.ts); target <= 200 ms. With 5 renders the p95 is the
 *      slowest of them: the target is for every render, not a typical one;
 *   5. a CSV file of 1,000 posts imported (issue 26 §4): from the file's text to the import's
 *      answer, through dispatch: `drafts-import:check` (parse, every row checked) and then
 *      `drafts-import:import` (checked again, 1,000 drafts written and queued in one transaction),
 *      into the database already holding the drafts above; target < 5 s.
 *
 * The sandbox runs in its own process, so its work never counts as a stall of ours. The drafts
 * are saved with texts of a realistic size (a Twitter thread of four parts, about 1 KB). The
 * database is a fresh file in a temporary folder, on the same disk the app's user data would be.
 * The last line gives the context to read the figures on a shared machine: its load, what an
 * empty commit with synchronous = FULL costs on this disk (the floor of any save), and how long
 * this process stalls while doing nothing at all.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { createApiClient } from '../src/main/services/api/api-client.ts';
import { RateGate } from '../src/main/services/api/rate-gate.ts';
import { dispatch, type Handlers } from '../src/main/services/dispatch.ts';
import { insertDraft } from '../src/main/services/drafts/draft-store.ts';
import * as queue from '../src/main/services/drafts/outbox-queue.ts';
import { createDraftsHandlers } from '../src/main/services/drafts/drafts-handlers.ts';
import { createDraftsService } from '../src/main/services/drafts/drafts-service.ts';
import { createDraftsImportHandlers } from '../src/main/services/drafts/import/drafts-import-handlers.ts';
import { createDraftsImport } from '../src/main/services/drafts/import/drafts-import-service.ts';
import { EventBus } from '../src/main/services/event-bus.ts';
import { createProfileDatabases } from '../src/main/services/storage/profile-databases.ts';
import { transaction } from '../src/main/services/storage/transaction.ts';
import type { BaseUrls } from '../src/shared/domain/index.ts';
import { CALENDAR_POSTS, timeCalendarMonth, type MonthTiming } from './support/calendar-month-timing.ts';

const STORED = 10_000;
const SAVES = 1_000;
const SYNCED = 1_000;
const RATE = { limit: 200, windowS: 3 };
const PROFILE = 'bench';
const CALENDAR_RENDERS = 5;
const IMPORTED = 1_000;
const targets = { saveP95Ms: 10, stallMs: 50, throttled: 0, calendarP95Ms: 200, importMs: 5_000 };
const LOOP_RESOLUTION_MS = 10;

function line(name: string, figure: string, target: string, ok?: boolean) {
  const verdict = ok === undefined ? '' : ok ? 'ok' : 'MISSED';
  console.log(`  ${name.padEnd(52)} ${figure.padStart(18)}   target ${target.padEnd(10)} ${verdict}`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A thread of four parts, ~1 KB: what a composer saves. */
function threadFields(i: number, edit: number) {
  const words = `Draft ${i}, edit ${edit}: our spring collection lands on Monday with new colours and sizes. `;
  return {
    text: words.repeat(3).slice(0, 270),
    status: 'DRAFT',
    auto_numbering_enabled: true,
    replies: [1, 2, 3].map((part) => ({ text: `${part}/ ${words.repeat(3).slice(0, 260)}` })),
  };
}

/** A CSV of posts as a planner writes one: three channels, a link, media ids, a day apart each hour. */
function csvOfPosts(count: number): string {
  const channels = ['Threads', 'LinkedIn', 'X'];
  const rows = ['channel,brand,time,text,link,media ids'];
  const start = Date.now() + 86_400_000;
  for (let i = 0; i < count; i++) {
    const at = new Date(start + i * 3_600_000).toISOString();
    const text = `Post ${i}: our spring collection lands on Monday, with new colours and sizes for everyone.`;
    rows.push(`${channels[i % 3]},${brand},${at},"${text}",https://example.com/spring/${i},${i} ${i + 1}`);
  }
  return `${rows.join('\n')}\n`;
}

interface SandboxProcess {
  urls: BaseUrls;
  tokens: { user: string };
  brands: number[];
  close(): void;
}

async function startSandboxProcess(): Promise<SandboxProcess> {
  const child = spawn(
    process.execPath,
    [
      ...['src/sandbox/cli.ts', '--port', '0', '--json'],
      ...['--rate-limit', String(RATE.limit), '--rate-window', String(RATE.windowS)],
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  process.once('exit', () => child.kill());
  for await (const ready of createInterface({ input: child.stdout })) {
    return { ...(JSON.parse(ready) as Omit<SandboxProcess, 'close'>), close: () => child.kill() };
  }
  throw new Error('The sandbox stopped before it was ready.');
}

const directory = mkdtempSync(join(tmpdir(), 'socialdesk-drafts-bench-'));
const databases = createProfileDatabases({ directory });
const sandbox = await startSandboxProcess();
const brand = sandbox.brands[0]!;

let throttled = 0;
let answers = 0;
const client = createApiClient({
  baseUrls: sandbox.urls,
  getToken: () => sandbox.tokens.user,
  gate: new RateGate(),
  fetch: async (input, init) => {
    const response = await fetch(input, init);
    answers += 1;
    if (response.status === 429) throttled += 1;
    return response;
  },
});
const events = new EventBus();
const drafts = createDraftsService({
  databases,
  activeProfileId: () => PROFILE,
  profileIds: () => [PROFILE],
  schedulerOf: () => client.scheduler,
  originsOf: () => [new URL(sandbox.urls.scheduler).origin],
  events,
});
const handlers = {
  ...createDraftsHandlers(drafts),
  ...createDraftsImportHandlers(
    createDraftsImport({ drafts, activeBrandIds: () => sandbox.brands, platform: {} }),
  ),
} as unknown as Handlers;
const { db, outbox } = drafts.forProfile(PROFILE);

console.log(`drafts benchmark: ${STORED} drafts stored, ${SAVES} saves timed, ${SYNCED} drafts synced`);
console.log(`sandbox in its own process, --rate-limit ${RATE.limit} --rate-window ${RATE.windowS}\n`);

// The machine's own noise, for reading the figures: an empty commit on this disk (what any save
// pays for synchronous = FULL), and the event loop of this process doing nothing for 10 s.
const scratch = new DatabaseSync(join(directory, 'scratch.sqlite'));
scratch.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; CREATE TABLE t (v INTEGER)');
const emptyCommitMs: number[] = [];
for (let n = 0; n < 300; n++) {
  const started = performance.now();
  scratch.exec(`BEGIN IMMEDIATE; INSERT INTO t VALUES (${n}); COMMIT`);
  emptyCommitMs.push(performance.now() - started);
}
scratch.close();
emptyCommitMs.sort((a, b) => a - b);
const idle = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
idle.enable();
await sleep(10_000);
idle.disable();
const idleStallMs = idle.max / 1e6 - LOOP_RESOLUTION_MS;

// 1. Saves with 10,000 drafts in the database.
const ids: string[] = [];
transaction(db, () => {
  for (let i = 0; i < STORED; i++) {
    const id = crypto.randomUUID();
    insertDraft(db, { id, channel: 'twitter', brandId: brand, fields: threadFields(i, 0) }, Date.now());
    ids.push(id);
  }
});
const saveMs: number[] = [];
for (let n = 0; n < SAVES; n++) {
  const id = ids[(n * 7919) % ids.length]!;
  const started = performance.now();
  const result = await dispatch(handlers, 'drafts:save', { id, fields: threadFields(n, n + 1) });
  saveMs.push(performance.now() - started);
  if (!result.ok) throw new Error(`save failed: ${result.error.message}`);
}
saveMs.sort((a, b) => a - b);
const saveP95 = percentile(saveMs, 95);

// 2 and 3. A sync of 1,000 drafts, watching this process's event loop.
const queued: string[] = [];
for (let i = 0; i < SYNCED; i++) {
  const created = await dispatch(handlers, 'drafts:create', {
    channel: 'threads',
    brandId: brand,
    fields: { text: `Bench post ${i}: our spring collection lands on Monday.`, status: 'DRAFT' },
  });
  if (!created.ok) throw new Error(`create failed: ${created.error.message}`);
  queued.push((created.value as { id: string }).id);
}
const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
const syncStarted = performance.now();
loop.enable();
// The outbox's own progress events say when it is done (sync:progress, pending 0 at the end).
const finished = new Promise<void>((resolve) => {
  const off = events.subscribe((event, payload) => {
    if (event === 'sync:progress' && (payload as { pending: number }).pending === 0) {
      off();
      resolve();
    }
  });
});
// "Sync" on 1,000 drafts at once: one transaction puts them all in line, then the outbox runs.
transaction(db, () => {
  for (const id of queued) queue.enqueue(db, id, Date.now());
});
outbox.kick({ now: true });
await finished;
loop.disable();
const syncSeconds = (performance.now() - syncStarted) / 1000;
// The monitor's timer fires every LOOP_RESOLUTION_MS when nothing blocks: a stall is the rest.
const stallMs = loop.max / 1e6 - LOOP_RESOLUTION_MS;
const states = db.prepare('SELECT state, count(*) AS n FROM drafts GROUP BY state').all();
const synced = (db.prepare("SELECT count(*) AS n FROM drafts WHERE state = 'synced'").get() as { n: number })
  .n;

// 4. The calendar, once the services' work is over (Chromium, the shell and a sandbox of its own).
let calendar: MonthTiming | null = null;
let calendarFailure = '';
try {
  calendar = await timeCalendarMonth(CALENDAR_RENDERS);
} catch (error) {
  calendarFailure = (error as Error).message;
}
const sortedMs = (renders: MonthTiming['renders'], key: keyof MonthTiming['renders'][number]) =>
  renders.map((render) => render[key]).sort((a, b) => a - b);
const calendarMs = calendar ? sortedMs(calendar.renders, 'answerToPaintedMs') : [];
const calendarP95 = calendar ? percentile(calendarMs, 95) : Infinity;

// 5. A CSV of 1,000 posts imported, after the rest (its drafts then go out in the background).
const importFile = csvOfPosts(IMPORTED);
const importStarted = performance.now();
const checkedFile = await dispatch(handlers, 'drafts-import:check', {
  fileName: 'bench.csv',
  text: importFile,
  timeZone: 'Europe/Paris',
});
if (!checkedFile.ok) throw new Error(`import check failed: ${checkedFile.error.message}`);
const checkMs = performance.now() - importStarted;
const { fingerprint, accepted } = checkedFile.value as { fingerprint: string; accepted: number };
const importedFile = await dispatch(handlers, 'drafts-import:import', { fingerprint, accepted });
if (!importedFile.ok) throw new Error(`import failed: ${importedFile.error.message}`);
const importMs = performance.now() - importStarted;
const imported = (importedFile.value as { created: number }).created;

console.log(
  `saves: p50 ${percentile(saveMs, 50).toFixed(1)} ms, p95 ${saveP95.toFixed(1)} ms, max ${saveMs.at(-1)!.toFixed(1)} ms`,
);
console.log(
  `sync: ${synced} of ${SYNCED} drafts synced in ${syncSeconds.toFixed(1)} s with ${answers} answers; ` +
    `event loop delay p50 ${(loop.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms`,
);
console.log(`states: ${JSON.stringify(states)}`);
if (calendar) {
  const figures = (key: keyof MonthTiming['renders'][number]) => {
    const sorted = sortedMs(calendar!.renders, key);
    return `p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms`;
  };
  console.log(
    `calendar: ${calendar.month}, ${CALENDAR_POSTS} posts, ${CALENDAR_RENDERS} renders ` +
      `(${calendarMs.map((v) => v.toFixed(0)).join(', ')} ms; the first, not counted, ` +
      `${calendar.warmUp.answerToPaintedMs.toFixed(0)} ms); the calendar's own measure ${figures('selfMeasuredMs')}; ` +
      `from the click, with the two 500-post calls, ${figures('clickToPaintedMs')}; load ${calendar.load.toFixed(1)}\n`,
  );
} else console.log(`calendar: not measured: ${calendarFailure}\n`);
line(
  `save a draft, p95 (${STORED} drafts stored)`,
  `${saveP95.toFixed(1)} ms`,
  `<= ${targets.saveP95Ms} ms`,
  saveP95 <= targets.saveP95Ms,
);
line(
  `longest event-loop stall, ${SYNCED}-draft sync`,
  `${stallMs.toFixed(1)} ms`,
  `<= ${targets.stallMs} ms`,
  stallMs <= targets.stallMs && synced === SYNCED,
);
line(
  `429 answers during the sync`,
  String(throttled),
  `${targets.throttled}`,
  throttled === targets.throttled,
);
line(
  `month view, ${CALENDAR_POSTS.toLocaleString('en-US')} posts, answer to painted, p95`,
  calendar ? `${calendarP95.toFixed(1)} ms` : 'not measured',
  `<= ${targets.calendarP95Ms} ms`,
  calendarP95 <= targets.calendarP95Ms,
);
console.log(
  `import: ${imported} of ${IMPORTED} rows became drafts; check ${checkMs.toFixed(0)} ms, ` +
    `then check again and write ${(importMs - checkMs).toFixed(0)} ms`,
);
line(
  `CSV import, ${IMPORTED.toLocaleString('en-US')} rows (parse, check, drafts written)`,
  `${(importMs / 1000).toFixed(2)} s`,
  `< ${targets.importMs / 1000} s`,
  importMs < targets.importMs && imported === IMPORTED,
);
const loadAverage = loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');
console.log(
  `\ncontext: load average ${loadAverage} on ${cpus().length} cores; ` +
    `an empty commit with synchronous = FULL takes p50 ${percentile(emptyCommitMs, 50).toFixed(1)} ms, ` +
    `p95 ${percentile(emptyCommitMs, 95).toFixed(1)} ms here; this process, idle for 10 s, stalled up to ` +
    `${idleStallMs.toFixed(1)} ms.`,
);

await drafts.close();
databases.close();
sandbox.close();
rmSync(directory, { recursive: true, force: true });
const allOk =
  saveP95 <= targets.saveP95Ms &&
  stallMs <= targets.stallMs &&
  throttled === 0 &&
  synced === SYNCED &&
  calendarP95 <= targets.calendarP95Ms &&
  importMs < targets.importMs &&
  imported === IMPORTED;
process.exit(allOk ? 0 : 1);
