/**
 * The calendar figure of issue 15 (drafts-bench.ts prints it): how long the Scheduler's month view
 * takes to draw 1,000 posts, in Chromium on the browser shell against a sandbox of its own.
 *
 * 1,000 scheduled posts are made through the sandbox's API in one month that nothing else
 * touches (three months ahead or more: the seeded posts reach 45 days ahead at most), spread over
 * its days, hours, the five channels and the brands the profile has chosen; the Scheduler's own
 * subtitle ("1000 posts in view") and the days' "+N more" links confirm the month holds exactly
 * them. A round goes from the month after to that month with the Previous button. The month is
 * one whose next month starts on a Monday (the calendar's first day of the week): a month's grid
 * shows six weeks, so the grid of any other neighbour would already show some of the posts.
 *
 * Each round is read two ways, both in the page with performance.now():
 *   - from the outside: from the end of the posts' answer (the resource timing of the last
 *     posts:list call of the round) to the frame after the calendar's DOM last changed (a
 *     MutationObserver on the calendar, then an animation frame and the task after it; the
 *     calendar must then stay unchanged for 30 frames for the round to end);
 *   - from the inside: the `scheduler:calendar-render` measure the calendar records itself,
 *     from the posts reaching it to two animation frames after Vue's next tick.
 */
import { loadavg } from 'node:os';
import { callsByFetch } from '../../test/e2e/support/bridge-recorder.ts';
import type { Page } from 'playwright-core';
import { launchChromium, startSandbox, startShellWithProfile, type SandboxReady } from './browser-shell.ts';

export const CALENDAR_POSTS = 1_000;
const CHANNELS = ['threads', 'instagram', 'twitter', 'linkedin', 'snapchat'] as const;
const MONTHS_AHEAD = 3;

export interface MonthRender {
  /** The posts' answer complete to the month painted. */
  answerToPaintedMs: number;
  /** The Previous click to the month painted (two bridge calls of 500 posts each included). */
  clickToPaintedMs: number;
  /** The calendar's own `scheduler:calendar-render` measure for the 1,000 posts. */
  selfMeasuredMs: number;
}

export interface MonthTiming {
  month: string;
  warmUp: MonthRender;
  renders: MonthRender[];
  load: number;
}

const seconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');

/** The 1,000 posts, in the month starting at `monthStart` (UTC), 20 requests at a time. */
async function seedMonth(sandbox: SandboxReady, brandIds: number[], monthStart: Date) {
  const year = monthStart.getUTCFullYear();
  const month = monthStart.getUTCMonth();
  const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const create = async (i: number) => {
    const channel = CHANNELS[i % CHANNELS.length]!;
    const text = `Post ${i}: our spring collection lands on Monday with new colours and sizes.`;
    const body = {
      brand_id: brandIds[Math.floor(i / CHANNELS.length) % brandIds.length],
      ...(channel === 'instagram' ? { caption: text } : channel === 'snapchat' ? {} : { text }),
      // A few drafts among them, as a real month has: another color, the same cost to draw.
      status: i % 10 === 9 ? 'DRAFT' : 'SCHEDULED',
      timestamp: seconds(Date.UTC(year, month, 1 + (i % days), 7 + ((i * 7) % 14), (i * 13) % 60)),
    };
    const response = await fetch(`${sandbox.urls.scheduler}/${channel}/scheduled_posts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.tokens.user}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== 201) throw new Error(`seeding a ${channel} post: ${await response.text()}`);
  };
  for (let start = 0; start < CALENDAR_POSTS; start += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, CALENDAR_POSTS - start) }, (_, n) => create(start + n)),
    );
  }
}

/** The first month from MONTHS_AHEAD on whose next month starts on a Monday (UTC). */
function quietMonth(now: Date): Date {
  for (let ahead = MONTHS_AHEAD; ; ahead++) {
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead + 1, 1));
    if (next.getUTCDay() === 1) return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1));
  }
}

const titleOf = (month: Date) =>
  month.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Clicks `button` until the calendar's title is `title` (at most 36 times). */
async function goToMonth(page: Page, button: 'calendar-next' | 'calendar-prev', title: string) {
  const heading = page.getByTestId('calendar-title');
  for (let n = 0; (await heading.textContent()) !== title; n++) {
    if (n === 36) throw new Error(`the calendar never showed ${title}`);
    const before = await heading.textContent();
    await page.getByTestId(button).click();
    await heading.filter({ hasNotText: before ?? '' }).waitFor();
  }
}

/**
 * What the page function below uses of the page's globals. Declared here rather than with the DOM
 * library, which would make every Node file of the project see browser types.
 */
interface PageElement {
  textContent: string | null;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): Iterable<PageElement>;
  checkVisibility(options: { visibilityProperty: boolean }): boolean;
  click(): void;
}
interface PageGlobals {
  document: PageElement;
  requestAnimationFrame(callback: () => void): number;
  MutationObserver: new (callback: () => void) => {
    observe(target: PageElement, options: Record<string, boolean>): void;
    disconnect(): void;
  };
}

/** One round in the page: Previous, then the month's last change painted and its figures. */
function timeRound(expected: number) {
  const { document, requestAnimationFrame, MutationObserver } = globalThis as unknown as PageGlobals;
  return new Promise<MonthRender & { subtitle: string }>((resolve, reject) => {
    const frame = document.querySelector('[data-testid="post-calendar"] .frame')!;
    const paintedAfter = () =>
      new Promise<number>((done) => requestAnimationFrame(() => setTimeout(() => done(performance.now()))));
    // The posts each day shows, plus the ones its "+N more" link stands for.
    const accounted = () => {
      let shown = 0;
      for (const event of frame.querySelectorAll('.post-event')) {
        if (event.checkVisibility({ visibilityProperty: true })) shown += 1;
      }
      let more = 0;
      for (const link of frame.querySelectorAll('a, [role="button"]')) {
        const match = /^\s*\+(\d+) more\s*$/.exec(link.textContent ?? '');
        if (match) more += Number(match[1]);
      }
      return shown + more;
    };
    let lastPainted: Promise<number> | null = null;
    const observer = new MutationObserver(() => {
      lastPainted = paintedAfter();
    });
    observer.observe(frame, { subtree: true, childList: true, attributes: true, characterData: true });
    const measuresBefore = performance.getEntriesByName('scheduler:calendar-render').length;
    const started = performance.now();
    const timeout = setTimeout(() => {
      observer.disconnect();
      reject(new Error('the month was not drawn within 60 s'));
    }, 60_000);
    document.querySelector('[data-testid="calendar-prev"]')!.click();

    // Done when the calendar has measured itself, holds every post and has not changed for 30
    // frames: FC lays a month out in passes (the "+N more" links come after measuring the days).
    let quietFrames = 0;
    let seenPainted: Promise<number> | null = null;
    const check = async () => {
      const measures = performance.getEntriesByName('scheduler:calendar-render').slice(measuresBefore);
      if (lastPainted === seenPainted) quietFrames += 1;
      else {
        quietFrames = 0;
        seenPainted = lastPainted;
      }
      if (measures.length === 0 || quietFrames < 30 || accounted() !== expected) {
        requestAnimationFrame(() => void check());
        return;
      }
      observer.disconnect();
      clearTimeout(timeout);
      const painted = await lastPainted!;
      // The answer: the end of the round's last posts:list call (the calendar reads 500 a call).
      const answered = Math.max(
        ...performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('/bridge/call/posts:list') && entry.startTime > started)
          .map((entry) => (entry as unknown as { responseEnd: number }).responseEnd),
      );
      resolve({
        answerToPaintedMs: painted - answered,
        clickToPaintedMs: painted - started,
        selfMeasuredMs: Math.max(...measures.map((measure) => measure.duration)),
        subtitle: document.querySelector('[data-testid="page-subtitle"]')?.textContent ?? '',
      });
    };
    requestAnimationFrame(() => void check());
  });
}

/** Seeds the month, then times a warm-up round and `rounds` counted ones. */
export async function timeCalendarMonth(rounds: number): Promise<MonthTiming> {
  const sandbox = await startSandbox(['--rate-limit', '100000']);
  const shell = await startShellWithProfile(sandbox, 'Calendar bench');
  const browser = await launchChromium();
  try {
    const { selected } = (await shell.call('brands:get')) as { selected: number[] };
    const monthStart = quietMonth(new Date());
    await seedMonth(sandbox, selected, monthStart);
    const title = titleOf(monthStart);
    const titleAfter = titleOf(
      new Date(Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() + 1, 1)),
    );

    // UTC in the page too, so the month's days are the days the posts were spread over.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId: 'UTC' });
    // Calls by fetch, not the page's socket: each posts:list answer is then a resource entry,
    // whose end the figure is timed from.
    await callsByFetch(context);
    const page = await context.newPage();
    await page.goto(await shell.freshUrl());
    await page.getByTestId('nav-scheduler').waitFor();
    await page.evaluate(() => (location.hash = '#/scheduler?view=month'));
    await page.locator('[data-testid="post-calendar"][data-view="month"]').waitFor();
    await page.getByTestId('calendar-today').click();
    await goToMonth(page, 'calendar-next', titleAfter);

    const measured: MonthRender[] = [];
    for (let round = 0; round <= rounds; round++) {
      await page.getByTestId('calendar-empty').waitFor(); // the month after: nothing drawn
      const render = await page.evaluate(timeRound, CALENDAR_POSTS);
      // The count as the app writes numbers (1,000), or bare.
      const held = [CALENDAR_POSTS.toLocaleString('en-US'), String(CALENDAR_POSTS)];
      if (!held.some((count) => render.subtitle.startsWith(`${count} posts in view`))) {
        throw new Error(`the month was to hold ${CALENDAR_POSTS} posts: "${render.subtitle}"`);
      }
      if ((await page.getByTestId('calendar-title').textContent()) !== title) {
        throw new Error(`the calendar moved to another month than ${title}`);
      }
      measured.push(render);
      await goToMonth(page, 'calendar-next', titleAfter);
    }
    await context.close();
    const strip = ({ answerToPaintedMs, clickToPaintedMs, selfMeasuredMs }: MonthRender) => ({
      answerToPaintedMs,
      clickToPaintedMs,
      selfMeasuredMs,
    });
    return {
      month: title,
      warmUp: strip(measured[0]!),
      renders: measured.slice(1).map(strip),
      load: loadavg()[0]!,
    };
  } finally {
    await browser.close();
    await shell.stop();
    await sandbox.stop();
  }
}
