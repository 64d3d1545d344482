/**
 * Issue 25's live figure: "a new interaction on the service to its row in the list, default
 * interval". A sandbox that lives only on request (`--live 1 --live-on-request`, the default
 * scale: the figure is about the live path, not the list's size) and the browser shell with the
 * settings as a person finds them (the delta every 30 s). The inbox is open on its first rows; the
 * sandbox's route makes a minute happen that brings a new interaction (it exists on the service
 * when the route answers); the figure runs from just before that request to the interaction's row
 * painted: the delta finding it, the "1 new" line over the list, a click on it as soon as it is
 * painted (a person's reaction is not counted), the list read again and the row drawn.
 *
 * Each arrival lands somewhere in the interval, so one is anywhere between the app's own time and
 * a whole interval more; several are made one after another, each just after the delta that
 * brought the last (so at the start of an interval: close to the worst case), and the figure is
 * the slowest. Times are wall-clock milliseconds (Date.now) on both sides, same machine.
 */
import type { Browser } from 'playwright-core';
import { startSandbox, startShellWithProfile } from './browser-shell.ts';

export interface LiveArrivalTiming {
  /** Each arrival: to the "N new" line painted, and to its row painted, ms. */
  arrivals: { lineMs: number; rowMs: number }[];
  /** The slowest arrival to its row, ms. */
  worstMs: number;
  intervalSeconds: number;
}

interface LiveMinute {
  created: number[];
}

export async function timeLiveArrival(browser: Browser, samples = 3): Promise<LiveArrivalTiming> {
  const sandbox = await startSandbox(['--live', '1', '--live-on-request']);
  const shell = await startShellWithProfile(sandbox, 'Live bench');
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const { inboxDeltaSeconds } = (await shell.call('settings:get')) as { inboxDeltaSeconds: number };
    const page = await context.newPage();
    await page.goto(await shell.freshUrl());
    await page.locator('[data-testid="inbox-row"]').first().waitFor({ timeout: 60_000 });

    /** Makes minutes happen until one brings a new interaction: its id, and when it was asked. */
    async function nextArrival(): Promise<{ id: number; askedAt: number }> {
      for (let minute = 0; minute < 20; minute++) {
        const askedAt = Date.now();
        const response = await fetch(`${sandbox.urls.community}/_sandbox/live/next-minute`, {
          method: 'POST',
          headers: { authorization: `Bearer ${sandbox.tokens.user}` },
        });
        const { data } = (await response.json()) as { data: LiveMinute };
        const [id] = data.created;
        if (id !== undefined) return { id, askedAt };
      }
      throw new Error('twenty sandbox minutes brought no new interaction');
    }

    const arrivals: LiveArrivalTiming['arrivals'] = [];
    for (let n = 0; n < samples; n++) {
      const { id, askedAt } = await nextArrival();
      const seen = await page.evaluate(async (id) => {
        const painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        const until = (test: () => boolean, timeout = 120_000) =>
          new Promise<void>((resolve, reject) => {
            if (test()) return resolve();
            const observer = new MutationObserver(() => {
              if (!test()) return;
              observer.disconnect();
              clearTimeout(timer);
              resolve();
            });
            observer.observe(document.body, { subtree: true, childList: true, characterData: true });
            const timer = setTimeout(() => {
              observer.disconnect();
              reject(new Error(`interaction ${id} did not show within ${timeout / 1000} s`));
            }, timeout);
          });
        const line = () => document.querySelector<HTMLElement>('[data-testid="inbox-new-arrivals"]');
        const row = () => document.querySelector(`[data-testid="inbox-row"][data-id="${id}"]`);
        await until(() => line() !== null || row() !== null);
        await painted();
        const lineAt = Date.now();
        line()?.click();
        await until(() => row() !== null);
        await painted();
        return { lineAt, rowAt: Date.now() };
      }, id);
      arrivals.push({ lineMs: seen.lineAt - askedAt, rowMs: seen.rowAt - askedAt });
    }
    return {
      arrivals,
      worstMs: Math.max(...arrivals.map((arrival) => arrival.rowMs)),
      intervalSeconds: inboxDeltaSeconds,
    };
  } finally {
    await context.close();
    await shell.stop();
    await sandbox.stop();
  }
}

/** The figure's target (issue 25): a new interaction to its row, with the default interval. */
export const liveArrivalTargetMs = 35_000;

/** Prints the figure beside its target, with each arrival for context. */
export function printLiveArrival(
  timing: LiveArrivalTiming,
  line: (name: string, figure: string, target: string, ok: boolean) => void,
): void {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `  (live: delta every ${timing.intervalSeconds} s; arrivals to the "new" line ` +
      `${timing.arrivals.map((a) => seconds(a.lineMs)).join(', ')}, to the row ` +
      `${timing.arrivals.map((a) => seconds(a.rowMs)).join(', ')})`,
  );
  line(
    'a new interaction on the service to its row, default interval',
    seconds(timing.worstMs),
    `<= ${liveArrivalTargetMs / 1000} s`,
    timing.worstMs <= liveArrivalTargetMs,
  );
}
