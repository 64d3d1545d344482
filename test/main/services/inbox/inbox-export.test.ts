import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExportProgress } from '../../../../src/shared/contract/index.ts';
import { sandboxForThisFile } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf, type ServicesOnSandbox } from '../support/services-on-sandbox.ts';
import { serviceGet, serviceList, urlOf, type ServiceList } from './service-reads.ts';

/** The inbox list to CSV through the app's one export service, against a real sandbox. */
const sandbox = await sandboxForThisFile({ frozenClock: true });

/**
 * The third page of every list is held until its request is aborted (or the test lets it go), and
 * says when it is asked.
 */
let thirdPageAsked: () => void = () => {};
let releaseThirdPage: () => void = () => {};
let holdThirdPage = false;
const app = await servicesOnSandbox(sandbox, {
  fetch: (input, init) => {
    const url = urlOf(input);
    if (
      holdThirdPage &&
      url.pathname.endsWith('/community_interactions') &&
      url.searchParams.get('offset') === '200'
    ) {
      thirdPageAsked();
      const signal = input instanceof Request ? input.signal : init?.signal;
      return new Promise<Response>((resolve, reject) => {
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        releaseThirdPage = () => resolve(fetch(input, init));
      });
    }
    return fetch(input, init);
  },
});
afterAll(() => app.close());

const filesIn = (folder: string) => {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
};

/** Every interaction of the query, as the service lists them. */
async function everyItem(query: string): Promise<ServiceList['data']> {
  const items: ServiceList['data'] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await serviceList(sandbox, `${query}&sort=-SOURCE_UPDATED_AT&limit=100&offset=${offset}`);
    items.push(...page.data);
    if (page.data.length < 100) return items;
  }
}

/** A cell as a spreadsheet-safe CSV holds it (the writer guards text that would be a formula). */
const text = (value: unknown) => {
  const cell = value === null || value === undefined ? '' : String(value);
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
};

function progressOf(app: ServicesOnSandbox, id: string) {
  const seen: ExportProgress[] = [];
  const unsubscribe = app.events.subscribe((event, payload) => {
    if (event === 'exports:progress' && (payload as ExportProgress).id === id)
      seen.push(payload as ExportProgress);
  });
  return { seen, unsubscribe };
}

/** Runs `start` with the third list page held, resolving once that page is asked for. */
async function heldAtThirdPage<T>(
  start: () => Promise<T>,
): Promise<{ answer: Promise<T>; release: () => void }> {
  holdThirdPage = true;
  const asked = new Promise<void>((resolve) => (thirdPageAsked = resolve));
  const answer = start();
  await asked;
  return { answer, release: () => ((holdThirdPage = false), releaseThirdPage()) };
}

describe('inbox:export', () => {
  it('writes the filtered list, every page of it, with tags by name and ticket labels', async () => {
    const id = 'inbox-export-all';
    const progress = progressOf(app, id);
    const saved = valueOf(
      await app.call('inbox:export', { brandIds: [101], filter: { mustIncludeText: true }, id }),
    );
    progress.unsubscribe();
    expect(saved).not.toBeNull();
    const file = readFileSync(saved!.path);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parse(file, { bom: true }) as string[][];
    expect(header).toEqual([
      'ID',
      'Type',
      'Brand ID',
      'Author',
      'Text',
      'Sentiment',
      'Question',
      'Tags',
      'Assignee ID',
      'Read',
      'Archived',
      'Follow-up',
      'Source updated at',
      'Ticket labels',
    ]);

    const items = await everyItem('brand_ids=101&must_include_text=true');
    expect(items.length).toBeGreaterThan(200); // more than two pages
    const { data: tags } = await serviceGet<{ data: { id: number; name: string }[] }>(
      sandbox,
      'tags?brand_ids=101',
    );
    const tagName = new Map(tags.map((tag) => [tag.id, tag.name]));
    const expected = items.map((raw) => {
      const item = raw as unknown as Record<string, string | number | boolean | null | undefined> & {
        sentiment?: Record<string, boolean>;
        tag_ids?: number[];
        tickets?: { label: string }[];
      };
      const sentiment = item.sentiment!;
      return [
        String(raw.id),
        item.type,
        String(item.brand_id),
        text(item.author_username ?? item.tiktok_username),
        text(item.text),
        sentiment.is_positive
          ? 'positive'
          : sentiment.is_negative
            ? 'negative'
            : sentiment.is_neutral
              ? 'neutral'
              : '',
        String(sentiment.is_question),
        (item.tag_ids ?? []).map((tag) => tagName.get(tag)).join('; '),
        text(item.assignee_id),
        String(item.is_read),
        String(item.is_archived),
        String(item.is_follow_up),
        item.source_updated_at,
        (item.tickets ?? []).map((ticket) => ticket.label).join('; '),
      ];
    });
    expect(rows).toEqual(expected);
    // Not vacuous: tags and tickets are there to be written.
    expect(rows.some((row) => row[7] !== '')).toBe(true);
    expect(rows.some((row) => row[13] !== '')).toBe(true);

    expect(saved).toEqual({ path: saved!.path, rows: items.length, bytes: file.length });
    expect(progress.seen.at(-1)).toMatchObject({ id, state: 'done', rows: items.length, bytes: file.length });
    expect(filesIn(app.downloadsFolder)).toEqual([saved!.path.split('/').pop()]);
    // The file joins the recent exports, which "show in folder" then accepts.
    const { items: recent } = valueOf(await app.call('exports:recent'));
    expect(recent[0]).toMatchObject({
      id,
      path: saved!.path,
      reportType: 'INBOX',
      rows: items.length,
      exists: true,
    });
  });

  it('leaves no file, temporary or reserved, when cancelled by id half way', async () => {
    const id = 'inbox-export-cancel';
    const before = filesIn(app.downloadsFolder);
    const progress = progressOf(app, id);
    const { answer } = await heldAtThirdPage(() =>
      app.call('inbox:export', { brandIds: [101, 102, 103], filter: {}, id }),
    );
    // The temporary file beside the target is being written.
    expect(filesIn(app.downloadsFolder).some((name) => name.endsWith('.part'))).toBe(true);
    expect(valueOf(await app.call('exports:cancel', { id }))).toEqual({ cancelled: true });
    expect(await answer).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(progress.seen.at(-1)).toMatchObject({ id, state: 'cancelled' });
    expect(filesIn(app.downloadsFolder)).toEqual(before);
    expect(valueOf(await app.call('exports:cancel', { id }))).toEqual({ cancelled: false });
    const { items: recent } = valueOf(await app.call('exports:recent'));
    expect(recent.map((item) => item.id)).not.toContain(id);
    progress.unsubscribe();
  });

  it('leaves no file when the renderer abandons the call half way', async () => {
    const before = filesIn(app.downloadsFolder);
    const controller = new AbortController();
    const { answer } = await heldAtThirdPage(() =>
      app.call(
        'inbox:export',
        { brandIds: [101, 102, 103], filter: {}, id: 'inbox-export-abandoned' },
        { signal: controller.signal },
      ),
    );
    controller.abort();
    expect(await answer).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(filesIn(app.downloadsFolder)).toEqual(before);
  });

  it('refuses a second export under an id already running', async () => {
    const id = 'inbox-export-twice';
    const { answer } = await heldAtThirdPage(() =>
      app.call('inbox:export', { brandIds: [101, 102, 103], filter: {}, id }),
    );
    expect(await app.call('inbox:export', { brandIds: [101], filter: {}, id })).toMatchObject({
      ok: false,
      error: { code: 'conflict' },
    });
    valueOf(await app.call('exports:cancel', { id }));
    expect(await answer).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(filesIn(join(app.downloadsFolder)).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('says in plain words that nothing was saved when the folder went away during the export', async () => {
    const id = 'inbox-export-folder-gone';
    const progress = progressOf(app, id);
    const { answer, release } = await heldAtThirdPage(() =>
      app.call('inbox:export', { brandIds: [101, 102, 103], filter: {}, id }),
    );
    // The downloads folder removed (a drive unplugged, a folder cleaned up) while the file is written.
    rmSync(app.downloadsFolder, { recursive: true, force: true });
    release();
    const result = await answer;
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'internal',
        message: expect.stringMatching(
          /^Could not save inbox-[\d-]+( \(\d+\))?\.csv: its folder is no longer there\. Nothing was saved\.$/,
        ),
      },
    });
    expect(progress.seen.at(-1)).toMatchObject({ id, state: 'failed' });
    expect(valueOf(await app.call('exports:recent')).items.map((item) => item.id)).not.toContain(id);
    progress.unsubscribe();
  });
});
