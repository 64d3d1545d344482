/**
 * The inbox page as the Chromium benchmarks time it: helpers put into each page before it loads
 * (a condition on the DOM, the frame that shows it, the first rows' frame from the navigation's
 * start), a page opened on a fresh context, the filter and search changes timed to their first
 * rows painted, and the figure lines every benchmark prints. "Painted" is the first animation
 * frame after the change is in the DOM, plus the task that follows it (the frame has then been
 * produced); every timing is taken inside the page with performance.now(), so the driver's own
 * round trips never count.
 */
import type { Browser, Page } from 'playwright-core';

/** One figure beside its target, ok or MISSED. */
export function figureLine(name: string, figure: string, target: string, ok: boolean): void {
  console.log(
    `  ${name.padEnd(56)} ${figure.padStart(16)}   target ${target.padEnd(12)} ${ok ? 'ok' : 'MISSED'}`,
  );
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** In the page: waits for a condition on the DOM, then for the frame that shows it. */
export const inboxPageHelpers = `
  window.__until = (test, timeout = 30000) => new Promise((resolve, reject) => {
    if (test()) return resolve();
    const observer = new MutationObserver(() => { if (test()) { observer.disconnect(); clearTimeout(timer); resolve(); } });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    const timer = setTimeout(() => {
      observer.disconnect();
      const rows = [...document.querySelectorAll('[data-testid="inbox-row"]')].slice(0, 5).map((r) => r.dataset.type + '#' + r.dataset.id);
      reject(new Error('timed out at ' + location.hash + ' with rows ' + rows.join(' ') + ': ' + (document.querySelector('main')?.textContent ?? '').slice(0, 300)));
    }, timeout);
  });
  window.__painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  window.__rows = () => [...document.querySelectorAll('[data-testid="inbox-row"]')];
  // Cold start: the first rows' frame, from the navigation's start.
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[data-testid="inbox-row"]')) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => { window.__firstRows = performance.now(); }, 0));
  }).observe(document, { subtree: true, childList: true });
`;

export interface OpenInbox {
  page: Page;
  /** The first inbox rows painted, ms from the navigation's start. */
  firstRowsMs: number;
  close: () => Promise<void>;
}

/** A fresh context (no cache, no storage) opening `url` at 1280x800, to the first rows painted. */
export async function openInbox(browser: Browser, url: string): Promise<OpenInbox> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(inboxPageHelpers);
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(
    () => typeof (window as { __firstRows?: number }).__firstRows === 'number',
    null,
    {
      timeout: 60_000,
    },
  );
  const firstRowsMs = await page.evaluate(() => (window as unknown as { __firstRows: number }).__firstRows);
  return { page, firstRowsMs, close: () => context.close() };
}

type PageHelpers = {
  __until: (t: () => boolean) => Promise<void>;
  __painted: () => Promise<void>;
  __rows: () => HTMLElement[];
};

/**
 * Filter and search changes to their first rows painted, ms each: every type picked in the side
 * panel with "All types" again after each, then each word searched with Enter. The list is at its
 * top when called, and is left there with the search cleared.
 */
export async function timeFilterChanges(
  page: Page,
  words: readonly string[] = ['refund', 'shipping', 'love', 'broken', 'size', 'colour', 'late', 'great'],
): Promise<number[]> {
  await page.evaluate(() =>
    document.querySelector<HTMLElement>('[data-testid="virtual-list"]')!.scrollTo(0, 0),
  );
  const times: number[] = [];
  const types = await page
    .locator('[data-testid="type-entry"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-type')!));
  // The first row itself (its page is read again after a scroll forgot it), not whichever row is
  // first in the page while the list is still drawn at its old position.
  const firstId = await page.locator('[data-index="0"] [data-testid="inbox-row"]').getAttribute('data-id');
  for (const type of types) {
    times.push(
      await page.evaluate(async (type) => {
        const w = window as unknown as PageHelpers;
        const started = performance.now();
        document.querySelector<HTMLElement>(`[data-testid="type-entry"][data-type="${type}"]`)!.click();
        await w.__until(() => {
          const rows = w.__rows();
          return (
            // Ads comments come back as the comments of their network.
            (rows.length > 0 && rows.every((row) => row.dataset.type === type.replace('_ADS_', '_'))) ||
            !!document.querySelector('[data-testid="state-empty"]')
          );
        });
        await w.__painted();
        return performance.now() - started;
      }, type),
    );
    times.push(
      await page.evaluate(async (firstId) => {
        const w = window as unknown as PageHelpers;
        const started = performance.now();
        document.querySelector<HTMLElement>('[data-testid="type-all"]')!.click();
        await w.__until(() => w.__rows()[0]?.dataset.id === firstId);
        await w.__painted();
        return performance.now() - started;
      }, firstId),
    );
  }
  for (const word of words) {
    times.push(
      await page.evaluate(async (word) => {
        const w = window as unknown as PageHelpers;
        const input = document.querySelector<HTMLInputElement>('[data-testid="filter-text"] input')!;
        input.value = word;
        input.dispatchEvent(new Event('input', { bubbles: true }));
        const started = performance.now();
        input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true }));
        await w.__until(() => {
          const rows = w.__rows();
          return (
            (rows.length > 0 &&
              rows.every((row) => row.querySelector('mark')?.textContent?.toLowerCase() === word)) ||
            !!document.querySelector('[data-testid="state-empty"]')
          );
        });
        await w.__painted();
        return performance.now() - started;
      }, word),
    );
  }
  await page.evaluate(() => document.querySelector<HTMLElement>('[data-testid="filter-clear"]')?.click());
  await page.waitForFunction(
    (id) => document.querySelector('[data-testid="inbox-row"]')?.getAttribute('data-id') === id,
    firstId,
  );
  return times;
}
