import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ReportConfigInput } from '../../../../src/shared/contract/index.ts';
import { urlOf } from '../inbox/service-reads.ts';
import { sandboxForThisFile } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';

/**
 * What every export shares, through the contract against a real sandbox: one cancel for a report's
 * export and the inbox's alike, ids unique across both, recent exports and "show in folder".
 */
const sandbox = await sandboxForThisFile({ now: '2026-08-01T10:00:00Z', rateLimit: 10_000 });

/** While `holdInbox` is set, the inbox's third page is held until its request is aborted. */
let holdInbox = false;
let inboxPageHeld: () => void = () => {};

/** The report's answer: its first 64 KiB, then nothing more until the request is aborted. */
let reportStalled: () => void = () => {};
function stalled(response: Response): Response {
  const reader = response.body!.getReader();
  let handed = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (handed >= 64 * 1024) return new Promise<void>(() => {});
      const { value, done } = await reader.read();
      if (done) return controller.close();
      handed += value.length;
      controller.enqueue(value);
      if (handed >= 64 * 1024) reportStalled();
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(body, { status: response.status, headers: response.headers });
}
const openedPaths: string[] = [];
const app = await servicesOnSandbox(sandbox, {
  system: {
    // "Show in folder" without a file manager on the test machine: nothing opens, the path prints.
    open: async (_command, args) => (openedPaths.push(...args), false),
    print: () => {},
  },
  fetch: async (input, init) => {
    const url = urlOf(input);
    if (url.pathname.endsWith('/reports/data') && url.searchParams.get('limit') === String(STALLED_LENGTH)) {
      return stalled(await fetch(input, init));
    }
    if (
      holdInbox &&
      url.pathname.endsWith('/community_interactions') &&
      url.searchParams.get('offset') === '200'
    ) {
      inboxPageHeld();
      const signal = input instanceof Request ? input.signal : init?.signal;
      return new Promise<Response>((_resolve, reject) =>
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true }),
      );
    }
    return fetch(input, init);
  },
});
afterAll(() => app.close());

const totalMetric: ReportConfigInput = {
  report_type: 'TOTAL_METRIC',
  channels: ['INSTAGRAM', 'TIKTOK'],
  metrics: ['IMPRESSIONS', 'ENGAGEMENTS'],
  brand_ids: [101, 102],
  start_date: '2026-07-01',
  end_date: '2026-07-31',
  context_start_date: '2026-06-01',
  context_end_date: '2026-06-30',
};

/** A content report of this length stalls after its first rows (see `stalled`). */
const STALLED_LENGTH = 1_000_000;
const stalledContent: ReportConfigInput = {
  report_type: 'CONTENT_OWNED',
  channels: ['INSTAGRAM'],
  metrics: ['IMPRESSIONS'],
  brand_ids: [101],
  limit: STALLED_LENGTH,
};

const filesIn = (folder: string) => {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
};

/** Starts a report export that stalls half way, resolving once its answer stalled. */
async function reportUnderway(id: string, fileName: string) {
  const stalledNow = new Promise<void>((resolve) => (reportStalled = resolve));
  const answer = app.call('reports:export', { config: stalledContent, id, fileName });
  await stalledNow;
  return { answer };
}

/** Starts an inbox export, resolving once it waits for its third page (which never comes). */
async function inboxUnderway(id: string) {
  holdInbox = true;
  const held = new Promise<void>((resolve) => (inboxPageHeld = resolve));
  const answer = app.call('inbox:export', { brandIds: [101, 102, 103], filter: {}, id });
  await held;
  holdInbox = false;
  return { answer };
}

describe('exports:cancel', () => {
  it("stops a report's export and the inbox's export alike, leaving no file of either", async () => {
    const before = filesIn(app.downloadsFolder);
    const { answer: report } = await reportUnderway('report-stopped', 'stopped report');
    const { answer: inbox } = await inboxUnderway('inbox-stopped');
    expect(filesIn(app.downloadsFolder).filter((name) => name.endsWith('.part'))).toHaveLength(2);

    expect(valueOf(await app.call('exports:cancel', { id: 'inbox-stopped' }))).toEqual({ cancelled: true });
    expect(await inbox).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(valueOf(await app.call('exports:cancel', { id: 'report-stopped' }))).toEqual({ cancelled: true });
    expect(await report).toMatchObject({ ok: false, error: { code: 'cancelled' } });

    expect(filesIn(app.downloadsFolder)).toEqual(before);
    for (const id of ['inbox-stopped', 'report-stopped']) {
      expect(valueOf(await app.call('exports:cancel', { id }))).toEqual({ cancelled: false });
    }
  });

  it('refuses a report export under the id of a running inbox export, so one cancel names one export', async () => {
    const { answer: inbox } = await inboxUnderway('shared-id');
    expect(await app.call('reports:export', { config: totalMetric, id: 'shared-id' })).toMatchObject({
      ok: false,
      error: { code: 'conflict', fieldErrors: { id: [expect.any(String)] } },
    });
    valueOf(await app.call('exports:cancel', { id: 'shared-id' }));
    expect(await inbox).toMatchObject({ ok: false, error: { code: 'cancelled' } });
  });
});

describe('exports:recent and files:reveal', () => {
  it('lists the finished exports of reports and the inbox newest first, and not the cancelled ones', async () => {
    const inbox = valueOf(await app.call('inbox:export', { brandIds: [103], filter: {}, id: 'inbox-done' }));
    const report = valueOf(await app.call('reports:export', { config: totalMetric, fileName: 'latest' }));
    const { items } = valueOf(await app.call('exports:recent'));
    expect(items[0]).toEqual({ ...report, notes: undefined, exists: true });
    expect(items[1]).toMatchObject({
      id: 'inbox-done',
      path: inbox!.path,
      reportType: 'INBOX',
      exists: true,
    });
    const ids = items.map((item) => item.id);
    for (const cancelled of ['inbox-stopped', 'report-stopped', 'shared-id'])
      expect(ids).not.toContain(cancelled);
    const times = items.map((item) => item.finishedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('shows a recent export in its folder', async () => {
    const { items } = valueOf(await app.call('exports:recent'));
    const answer = valueOf(await app.call('files:reveal', { path: items[0]!.path }));
    expect(answer).toEqual({ opened: false, path: items[0]!.path });
  });

  it('refuses to show a path that is no recent export, even an existing file', async () => {
    const elsewhere = join(app.downloadsFolder, 'not-exported.csv');
    writeFileSync(elsewhere, 'a,b\r\n');
    const opened = openedPaths.length;
    for (const path of [elsewhere, '/etc/passwd', `${app.downloadsFolder}/../downloads/not-exported.csv`]) {
      const answer = await app.call('files:reveal', { path });
      expect(answer, path).toMatchObject({ ok: false, error: { code: 'not_found' } });
    }
    expect(await app.call('files:reveal', { path: 'relative/file.csv' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(openedPaths.length).toBe(opened);
  });

  it('says a recent export is gone once its file was removed', async () => {
    const saved = valueOf(await app.call('reports:export', { config: totalMetric, fileName: 'to-remove' }));
    rmSync(saved!.path);
    const { items } = valueOf(await app.call('exports:recent'));
    expect(items.find((item) => item.path === saved!.path)).toMatchObject({ exists: false });
  });
});
