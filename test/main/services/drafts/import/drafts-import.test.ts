import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listDrafts } from '../../../../../src/main/services/drafts/draft-store.ts';
import { createDraftsService } from '../../../../../src/main/services/drafts/drafts-service.ts';
import { createDraftsImport } from '../../../../../src/main/services/drafts/import/drafts-import-service.ts';
import { EventBus } from '../../../../../src/main/services/event-bus.ts';
import { ContractCallError } from '../../../../../src/shared/contract/index.ts';
import { sandboxForThisFile } from '../../support/sandbox.ts';
import { clientOn, postsWithSourceIds, PROFILE, profileDatabase } from '../support/drafts-fixture.ts';

/** Bulk scheduling from a CSV: checked, confirmed, written at once, sent once each. */
const sandbox = await sandboxForThisFile({ rateLimit: 100_000 });
const NOW = Date.now();
const ZONE = 'Europe/Paris';

function importOn(options: { online?: () => boolean; chosenPath?: () => string | null } = {}) {
  const { databases, db } = profileDatabase();
  const { client, sent } = clientOn(sandbox, async (_request, send) => {
    if (options.online && !options.online()) throw new TypeError('fetch failed');
    return send();
  });
  const drafts = createDraftsService({
    databases,
    activeProfileId: () => PROFILE,
    profileIds: () => [PROFILE],
    schedulerOf: () => client.scheduler,
    originsOf: () => [sandbox.origin],
    events: new EventBus(),
    outbox: { backoff: { firstMs: 1, maxMs: 10 }, settleMs: 0 },
  });
  const imports = createDraftsImport({
    drafts,
    activeBrandIds: () => [101, 102],
    platform: options.chosenPath ? { chooseFileToOpen: async () => options.chosenPath!() } : {},
    now: () => NOW,
  });
  return { imports, drafts, db, client, sent };
}

/** A file of `count` good posts over three channels and two brands, a day from now and on. */
function goodFile(count: number, tag = 'post'): string {
  const channels = ['threads', 'LinkedIn', 'X'];
  const lines = ['channel,brand,time,text,link,media ids'];
  for (let i = 0; i < count; i++) {
    const at = new Date(NOW + 86_400_000 + i * 60_000).toISOString();
    lines.push(`${channels[i % 3]},${101 + (i % 2)},${at},"${tag} ${i}, ""quoted""",,${i}`);
  }
  return `${lines.join('\n')}\n`;
}

async function refusalOf(work: () => unknown): Promise<ContractCallError> {
  try {
    await work();
  } catch (error) {
    if (error instanceof ContractCallError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('importing a CSV of posts', () => {
  it('turns 1,000 rows into 1,000 queued drafts at once, and the outbox sends each once', async () => {
    const { imports, drafts, db, client, sent } = importOn();
    const check = imports.check({ fileName: 'week.csv', text: goodFile(1000), timeZone: ZONE });
    expect(check).toMatchObject({ rows: 1000, accepted: 1000, refused: [], earlier: null });
    expect(listDrafts(db, { search: '' }, 0, 1).count).toBe(0); // a check writes nothing

    expect(imports.import({ fingerprint: check.fingerprint, accepted: 1000, again: false })).toEqual({
      created: 1000,
    });
    const { count, items } = listDrafts(db, { search: '' }, 0, 1000);
    expect(count).toBe(1000);
    await drafts.forProfile(PROFILE).outbox.whenIdle();

    const synced = listDrafts(db, { search: '', states: ['synced'] }, 0, 1000);
    expect(synced.count).toBe(1000);
    const creates = sent.filter((request) => request.method === 'POST');
    expect(creates).toHaveLength(1000);
    expect(new Set(creates.map((request) => (request.body as { source_id: string }).source_id)).size).toBe(
      1000,
    );
    // The service has one post per draft, scheduled at the row's time.
    const threads = items.filter((draft) => draft.channel === 'threads' && draft.brandId === 101);
    const posts = await postsWithSourceIds(
      client,
      'threads',
      101,
      threads.map((draft) => draft.id),
    );
    expect(posts).toHaveLength(threads.length);
    expect(posts.every((post) => post.status === 'SCHEDULED')).toBe(true);
    await drafts.close();
  }, 60_000);

  it('lists refused rows with their line and reasons, and imports only the accepted ones', async () => {
    const { imports, db, drafts } = importOn({ online: () => false });
    const text = [
      'channel,brand,time,text',
      'threads,101,2030-01-01 09:00,Fine',
      'myspace,101,2030-01-01 09:00,Nope',
      'threads,101,2020-01-01 09:00,Too late',
    ].join('\n');
    const check = imports.check({ fileName: 'mixed.csv', text, timeZone: ZONE });
    expect(check.accepted).toBe(1);
    expect(check.refused).toEqual([
      {
        line: 3,
        problems: [{ kind: 'unknown_channel', value: 'myspace' }],
        cells: { channel: 'myspace', brand: '101', time: '2030-01-01 09:00', text: 'Nope' },
      },
      {
        line: 4,
        problems: [{ kind: 'past_time', at: '2020-01-01T08:00:00Z' }],
        cells: { channel: 'threads', brand: '101', time: '2020-01-01 09:00', text: 'Too late' },
      },
    ]);
    imports.import({ fingerprint: check.fingerprint, accepted: 1, again: false });
    const { items } = listDrafts(db, { search: '' }, 0, 10);
    expect(items.map((draft) => draft.fields.text)).toEqual(['Fine']);
    await drafts.close();
  });

  it('recognises the same file imported again, and asks before importing it twice', async () => {
    const { imports, db, drafts } = importOn({ online: () => false });
    const text = goodFile(3);
    const first = imports.check({ fileName: 'a.csv', text, timeZone: ZONE });
    imports.import({ fingerprint: first.fingerprint, accepted: 3, again: false });

    const second = imports.check({ fileName: 'copy of a.csv', text, timeZone: ZONE });
    expect(second.earlier).toEqual({ importedAt: new Date(NOW).toISOString(), created: 3 });
    const refusal = await refusalOf(() =>
      imports.import({ fingerprint: second.fingerprint, accepted: 3, again: false }),
    );
    expect(refusal.code).toBe('conflict');
    expect(listDrafts(db, { search: '' }, 0, 10).count).toBe(3);

    imports.import({ fingerprint: second.fingerprint, accepted: 3, again: true });
    expect(listDrafts(db, { search: '' }, 0, 10).count).toBe(6);
    await drafts.close();
  });

  it('writes nothing when the accepted rows are not the ones the person confirmed', async () => {
    const { imports, db, drafts } = importOn({ online: () => false });
    const check = imports.check({ fileName: 'a.csv', text: goodFile(5), timeZone: ZONE });
    const refusal = await refusalOf(() =>
      imports.import({ fingerprint: check.fingerprint, accepted: 4, again: false }),
    );
    expect(refusal.message).toMatch(/check the file again/);
    expect(listDrafts(db, { search: '' }, 0, 10).count).toBe(0);
    await drafts.close();
  });

  it('reads the file chosen in main’s open dialog (Electron), and nothing when the dialog is closed', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'socialdesk-import-'));
    let chosen: string | null = join(folder, 'plan.csv');
    writeFileSync(chosen, goodFile(2));
    const { imports, drafts } = importOn({ online: () => false, chosenPath: () => chosen });
    expect((await imports.chooseFile(ZONE)).check).toMatchObject({ fileName: 'plan.csv', accepted: 2 });
    chosen = null;
    expect(await imports.chooseFile(ZONE)).toEqual({ check: null });
    // The browser shell has no dialog of main's: its page picks the file.
    const web = importOn({ online: () => false });
    expect((await refusalOf(() => web.imports.chooseFile(ZONE))).message).toMatch(
      /Choose the file in the page/,
    );
    await drafts.close();
    await web.drafts.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('is all or nothing: a failure while writing leaves no draft of the file', async () => {
    const { drafts, db } = importOn({ online: () => false });
    const inputs = Array.from({ length: 50 }, (_, i) => ({
      channel: 'threads' as const,
      brandId: 101,
      fields: { text: `Post ${i}` },
    }));
    expect(() =>
      drafts.createQueued(inputs, () => {
        throw new Error('disk full');
      }),
    ).toThrow('disk full');
    expect(listDrafts(db, { search: '' }, 0, 10).count).toBe(0);
    await drafts.close();
  });
});
