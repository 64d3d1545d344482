/**
 * Inbox benchmark: `node bench/inbox-bench.ts` (`npm run bench:inbox`). Prints each figure of
 * issue 14 beside its target, one line a figure, in Chromium on the browser shell (the built
 * renderer in out/, so `npm run build` first) against a sandbox at --scale 20 (~100k
 * interactions; its database is seeded once into .cache/bench and kept), once the inbox mirror
 * has its first fill (issue 25's condition):
 *   1. scrolling through 10,000 rows: p95 frame time (the time between animation frames while
 *      the list scrolls ~35 rows a frame, pages loading and being cancelled as they pass), and
 *      the page's DOM element count at the end against the start (within 10%). A frame lasts a
 *      whole number of refresh periods, but rAF's timestamps are coarsened to 0.1 ms and jitter by
 *      as much, so a frame on time reads 16.6 to 16.8 ms: each interval is counted in refresh
 *      periods (the median interval) and the p95 is that many periods (the raw p95 is printed
 *      beside). The scroll starts a screen below the top, so both DOM counts are of a list with
 *      rows drawn beyond the view on both sides (at the very top there are none above: fewer rows,
 *      not a leak; that count is printed for context);
 *   2. a filter or search change to its first rows painted, p95 (a type picked in the side
 *      panel, "All types" again, a word searched with Enter);
 *   3. j/k to the highlight painted on the next row, p95, the key pressed at a frame's start;
 *   4. a triage key (f: follow-up on, then off) to the row showing it, p95, likewise (the list
 *      shows To do, which an archived row leaves: that is the next figure's);
 *   5. cold start: a fresh browser context opening the shell's link to the first inbox rows
 *      painted, from the navigation's start (median of 3);
 *   6. with the detail pane open, its Archive button to the row leaving the list, p95, and
 *   7. Undo to the row back in its place, p95 (each archive undone, so the list stays the same).
 * "Painted" is the first animation frame after the change is in the DOM, plus the task that
 * follows it (the frame has then been produced). Every timing is taken inside the page with
 * performance.now(), so the driver's own round trips never count.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, root, startSandbox, startShellWithProfile } from './support/browser-shell.ts';
import {
  figureLine as line,
  inboxPageHelpers as pageHelpers,
  ms,
  percentile,
  timeFilterChanges,
} from './support/inbox-page.ts';
import { printLiveArrival, timeLiveArrival } from './support/live-arrival-timing.ts';

const SCALE = 20;
const SCROLL_ROWS = 10_000;
const targets = {
  frameP95Ms: 16.7,
  domGrowth: 0.1,
  filterP95Ms: 100,
  moveP95Ms: 16,
  triageP95Ms: 50,
  coldMs: 1500,
  leaveP95Ms: 50,
  undoP95Ms: 50,
};

if (!existsSync(join(root, 'out/renderer/index.html'))) {
  console.error('inbox bench: no built renderer in out/renderer; run `npm run build` first.');
  process.exit(1);
}

// The sandbox, on a database seeded once at this scale (minutes of work the first time).
const cache = join(root, '.cache/bench');
mkdirSync(cache, { recursive: true });
const dbFile = join(cache, `inbox-scale${SCALE}.db`);
const seeding = !existsSync(dbFile);
const seedStarted = performance.now();
const sandbox = await startSandbox(['--scale', String(SCALE), '--db', dbFile]);
if (seeding)
  console.log(
    `seeded the sandbox at --scale ${SCALE} in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`,
  );

// The browser shell, on a user-data folder of its own, with one profile on that sandbox.
const shell = await startShellWithProfile(sandbox, 'Bench');
const freshUrl = shell.freshUrl;
// Issue 25 measures every figure with the inbox mirror filled (its first fill is measured by
// inbox-mirror-bench.ts): the figures below are a person's day, not the app's first minutes.
const fillStarted = performance.now();
while (!((await shell.call('mirror:status')) as { filled: boolean }).filled) {
  await new Promise((resolve) => setTimeout(resolve, 500));
}
const fillSeconds = (performance.now() - fillStarted) / 1000;
const browser = await launchChromium();

async function openInbox(): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(pageHelpers);
  const page = await context.newPage();
  await page.goto(await freshUrl());
  await page.waitForFunction(
    () => typeof (window as { __firstRows?: number }).__firstRows === 'number',
    null,
    {
      timeout: 60_000,
    },
  );
  return { page, close: () => context.close() };
}

console.log(`inbox benchmark: Chromium on the browser shell, sandbox at --scale ${SCALE}`);

// 5. Cold starts (each in a fresh context: no cache, no storage).
const coldMs: number[] = [];
for (let run = 0; run < 3; run++) {
  const { page, close } = await openInbox();
  coldMs.push(await page.evaluate(() => (window as unknown as { __firstRows: number }).__firstRows));
  await close();
}

const { page, close } = await openInbox();
await page.getByTestId('page-subtitle').filter({ hasText: 'interactions' }).waitFor();
const subtitle = (await page.getByTestId('page-subtitle').textContent()) ?? '';
const total = Number(subtitle.split(' ')[0]!.replace(/\D/g, ''));

// 1. Scrolling through 10,000 rows. BENCH_PROFILE=1 records the renderer's CPU profile meanwhile
// (.cache/bench/scroll.cpuprofile, for Chromium's DevTools) and prints its heaviest functions.
const profiler = process.env.BENCH_PROFILE ? await page.context().newCDPSession(page) : null;
if (profiler) {
  await profiler.send('Profiler.enable');
  await profiler.send('Profiler.start');
}
const scroll = await page.evaluate(async (rowsWanted) => {
  const w = window as unknown as {
    __until: (t: () => boolean) => Promise<void>;
    __painted: () => Promise<void>;
  };
  const list = document.querySelector<HTMLElement>('[data-testid="virtual-list"]')!;
  const loaded = () =>
    document.querySelector('[data-testid="inbox-row"]') !== null &&
    document.querySelector('[data-testid="row-placeholder"]') === null;
  await w.__until(loaded);
  await w.__painted();
  const nodesAtTop = document.getElementsByTagName('*').length;
  list.scrollTop = list.clientHeight;
  await w.__painted();
  await w.__until(loaded);
  await w.__painted();
  const nodesAtStart = document.getElementsByTagName('*').length;
  const firstIndex = Number((list.firstElementChild!.firstElementChild as HTMLElement).dataset.index);
  const frames: number[] = [];
  // The rows are in index order: the last one's index, without a query each frame (the
  // harness's own work must stay out of the frames it times).
  const spacer = list.firstElementChild!;
  const lastIndex = () => Number((spacer.lastElementChild as HTMLElement | null)?.dataset.index ?? -1);
  await new Promise<void>((done) => {
    let last = 0;
    const step = (now: number) => {
      if (last) frames.push(now - last);
      last = now;
      if (lastIndex() >= firstIndex + rowsWanted) return done();
      list.scrollTop += 2400;
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
  await w.__until(loaded);
  await w.__painted();
  return {
    frames,
    nodesAtTop,
    nodesAtStart,
    nodesAtEnd: document.getElementsByTagName('*').length,
    rows: lastIndex() - firstIndex,
  };
}, SCROLL_ROWS);

if (profiler) {
  const { profile } = await profiler.send('Profiler.stop');
  writeFileSync(join(cache, 'scroll.cpuprofile'), JSON.stringify(profile));
  const selfMs = new Map<string, number>();
  const interval = (profile.endTime - profile.startTime) / 1000 / (profile.samples?.length ?? 1);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const id of profile.samples ?? []) {
    const frame = byId.get(id)!.callFrame;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}`;
    selfMs.set(name, (selfMs.get(name) ?? 0) + interval);
  }
  console.log('heaviest functions while scrolling (self time):');
  for (const [name, time] of [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`  ${time.toFixed(0).padStart(6)} ms  ${name}`);
}

// 2. Filter and search changes to their first rows painted (as the mirror bench times them).
const filterMs = await timeFilterChanges(page);
await page.locator('h1').click();

// 3 and 4. Keys: the highlight moving, and a triage key showing on its row. Each key is pressed
// at the start of a frame (in an animation frame callback) and timed to that frame produced (a task
// queued behind its rendering), or to the next frame's if the change came later: what the app
// adds. A key pressed at a random moment also waits for the next frame to begin (up to 16.7 ms at
// 60 Hz) whatever the app does; those figures are printed beside for context.
async function pressAndWait(key: string, until: string, atFrameStart: boolean): Promise<number> {
  return page.evaluate(
    async ({ key, until, atFrameStart }) => {
      const w = window as unknown as {
        __until: (t: () => boolean) => Promise<void>;
        __painted: () => Promise<void>;
      };
      const test = new Function(`return (${until})`)() as (before: unknown) => boolean;
      const current = () =>
        document.querySelector<HTMLElement>('[data-testid="inbox-row"][aria-current="true"]');
      const before = {
        index: current()?.parentElement?.dataset.index,
        followUp: current()?.dataset.followUp,
      };
      // Resumes inside the frame's callbacks, before its style, layout and paint.
      if (atFrameStart) await new Promise((resolve) => requestAnimationFrame(resolve));
      let frameBegan = false;
      requestAnimationFrame(() => (frameBegan = true));
      const started = performance.now();
      document.body.dispatchEvent(
        new KeyboardEvent('keydown', { key, code: `Key${key.toUpperCase()}`, bubbles: true }),
      );
      await w.__until(() =>
        test({
          before,
          now: { index: current()?.parentElement?.dataset.index, followUp: current()?.dataset.followUp },
        }),
      );
      if (atFrameStart && !frameBegan) await new Promise((resolve) => setTimeout(resolve, 0));
      else await w.__painted();
      return performance.now() - started;
    },
    { key, until, atFrameStart },
  );
}
const moved = '(s) => s.now.index !== undefined && s.now.index !== s.before.index';
const moveMs: number[] = [];
const moveAnyMs: number[] = [];
for (const atFrameStart of [true, false]) {
  const into = atFrameStart ? moveMs : moveAnyMs;
  for (let n = 0; n < 60; n++) into.push(await pressAndWait('j', moved, atFrameStart));
  for (let n = 0; n < 60; n++) into.push(await pressAndWait('k', moved, atFrameStart));
}
const triageMs: number[] = [];
const triageAnyMs: number[] = [];
for (const atFrameStart of [true, false]) {
  const into = atFrameStart ? triageMs : triageAnyMs;
  for (let n = 0; n < 30; n++) {
    into.push(await pressAndWait('f', '(s) => s.now.followUp !== s.before.followUp', atFrameStart));
  }
}

// 6 and 7. The pane's Archive button to the row leaving the list, and Undo to it back, each
// clicked at a frame's start (as the keys above) and timed to the frame that shows it.
await page.locator('[data-testid="inbox-row"]').first().click();
await page.locator('[data-testid="inbox-detail"] [data-command="archive"]').waitFor();
const leaveMs: number[] = [];
const undoMs: number[] = [];
for (let n = 0; n < 30; n++) {
  const [leave, back] = await page.evaluate(async () => {
    const w = window as unknown as {
      __until: (t: () => boolean) => Promise<void>;
      __painted: () => Promise<void>;
    };
    const id = location.hash.match(/#\/inbox\/(\d+)/)![1]!;
    const row = () => document.querySelector(`[data-testid="inbox-row"][data-id="${id}"]`);
    const undoShown = () =>
      document.querySelector<HTMLElement>('[data-testid="undo-bar"]')?.style.display !== 'none';
    await w.__until(() => row() !== null && !undoShown());
    /** Clicks at a frame's start; the time to the frame that shows `shown()` produced. */
    const clickAndWait = async (selector: string, shown: () => boolean) => {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      let frameBegan = false;
      requestAnimationFrame(() => (frameBegan = true));
      const started = performance.now();
      document.querySelector<HTMLElement>(selector)!.click();
      await w.__until(shown);
      if (!frameBegan) await new Promise((resolve) => setTimeout(resolve, 0));
      else await w.__painted();
      return performance.now() - started;
    };
    const leave = await clickAndWait(
      '[data-testid="inbox-detail"] [data-command="archive"]',
      () => row() === null,
    );
    const back = await clickAndWait('[data-testid="undo"]', () => row() !== null);
    return [leave, back];
  });
  leaveMs.push(leave);
  undoMs.push(back);
}

await close();
await shell.stop();
await sandbox.stop();
// Issue 25: a new interaction on the service to its row (a live sandbox of its own).
const liveArrival = await timeLiveArrival(browser);
await browser.close();

// Frames in whole refresh periods (see the top of this file).
const refreshMs = percentile(scroll.frames, 50);
const framePeriods = scroll.frames.map((interval) => Math.max(1, Math.round(interval / refreshMs)));
const frameP95 = percentile(framePeriods, 95) * refreshMs;
const framesLate = framePeriods.filter((periods) => periods > 1).length;
const growth = (scroll.nodesAtEnd - scroll.nodesAtStart) / scroll.nodesAtStart;
const filterP95 = percentile(filterMs, 95);
// Each change in the order made (types and All types by turns, then the searches), to find the slow ones.
if (process.env.BENCH_DETAIL) console.log(`filter changes: ${filterMs.map((v) => v.toFixed(0)).join(' ')}`);
const moveP95 = percentile(moveMs, 95);
const triageP95 = percentile(triageMs, 95);
const leaveP95 = percentile(leaveMs, 95);
const undoP95 = percentile(undoMs, 95);
const cold = percentile(coldMs, 50);

console.log(
  `${total.toLocaleString('en-US')} interactions; scrolled through ${scroll.rows.toLocaleString('en-US')} rows in ${scroll.frames.length} frames ` +
    `(refresh period ${ms(refreshMs)}, raw p95 ${ms(percentile(scroll.frames, 95))}, max ${ms(Math.max(...scroll.frames))}, ` +
    `${framesLate} frames longer than one period; ${scroll.nodesAtTop} DOM elements at the very top); ` +
    `${filterMs.length} filter changes (p50 ${ms(percentile(filterMs, 50))}); cold starts ${coldMs.map((v) => ms(v)).join(', ')}`,
);
console.log(
  `keys pressed at a random moment (waiting for the next frame included): j/k p95 ${ms(percentile(moveAnyMs, 95))}, ` +
    `triage p95 ${ms(percentile(triageAnyMs, 95))}`,
);
console.log(`the mirror's first fill took ${fillSeconds.toFixed(0)} s before the figures were taken`);
console.log(`machine load (1 min): ${loadavg()[0]!.toFixed(1)}\n`);
line(
  `scroll ${SCROLL_ROWS.toLocaleString('en-US')} rows: frame time p95 (whole periods)`,
  ms(frameP95),
  `<= ${targets.frameP95Ms} ms`,
  frameP95 <= targets.frameP95Ms,
);
line(
  'scroll: DOM elements at the end vs the start',
  `${scroll.nodesAtStart} -> ${scroll.nodesAtEnd}`,
  '<= +10%',
  Math.abs(growth) <= targets.domGrowth,
);
line(
  'filter or search change to first rows painted, p95',
  ms(filterP95),
  `<= ${targets.filterP95Ms} ms`,
  filterP95 <= targets.filterP95Ms,
);
line(
  'j/k to the highlight moving, p95 (key at a frame start)',
  ms(moveP95),
  `<= ${targets.moveP95Ms} ms`,
  moveP95 <= targets.moveP95Ms,
);
line(
  'triage key (f) to the row showing it, p95 (likewise)',
  ms(triageP95),
  `<= ${targets.triageP95Ms} ms`,
  triageP95 <= targets.triageP95Ms,
);
line(
  'cold start to first inbox rows painted (median of 3)',
  ms(cold),
  `<= ${targets.coldMs} ms`,
  cold <= targets.coldMs,
);
line(
  "pane's Archive button to the row leaving the list, p95",
  ms(leaveP95),
  `<= ${targets.leaveP95Ms} ms`,
  leaveP95 <= targets.leaveP95Ms,
);
line(
  'Undo to the row back in its place, p95',
  ms(undoP95),
  `<= ${targets.undoP95Ms} ms`,
  undoP95 <= targets.undoP95Ms,
);
printLiveArrival(liveArrival, line);
