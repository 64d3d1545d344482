import { afterAll, describe, expect, it, vi } from 'vitest';
import type { GateClock } from '../../../../src/main/services/api/gate-clock.ts';
import type { InboxFilter, InboxItem, RateStatus } from '../../../../src/shared/contract/index.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { clientFor, sandboxForThisFile } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';

/**
 * Issue 25 §2, against the real sandbox: while a person is active, the inbox copy's first fill,
 * its sweep and the re-reading of the rows shown use at most the sync share of each rate window
 * (10% by default: 10 calls of the sandbox's 100 here), go on at the next window, and at full
 * speed once the person pauses; no 429. A teammate's triage (which does not move
 * `source_updated_at`) shows in the copy once the rows are shown, and the same span is not read
 * again within half a minute.
 *
 * The app's rate gate and the copy run on a clock the test moves, the sandbox's clock with it
 * (so their rate windows agree); the service's answers are real I/O, waited for by what the test
 * looks at, the clock standing still meanwhile.
 */

const windowMs = 60_000;
// Whole minutes: the sandbox's windows then start when the test's clock does.
const start = Math.floor(Date.now() / windowMs) * windowMs;
const sandbox = await sandboxForThisFile({ frozenClock: true, now: new Date(start), rateLimit: 100 });

/** The test's clock, the sandbox's moving with it. */
class SharedClock implements GateClock {
  readonly #fake = new FakeClock(start);
  now = () => this.#fake.now();
  setTimer = (fn: () => void, ms: number) => this.#fake.setTimer(fn, ms);
  async advance(ms: number): Promise<void> {
    sandbox.clock.advance(ms);
    await this.#fake.advance(ms);
  }
}
const clock = new SharedClock();

/** What reached the service: each request, and the requests still unanswered (bodies read). */
const seen: { path: string; status: number | null }[] = [];
let pending = 0;
const app = await servicesOnSandbox(sandbox, {
  syncMirror: true,
  clock,
  fetch: async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const entry = { path: url.pathname + url.search, status: null as number | null };
    seen.push(entry);
    pending++;
    try {
      const response = await fetch(input, init);
      const body = await response.arrayBuffer();
      entry.status = response.status;
      return new Response(body, { status: response.status, headers: response.headers });
    } finally {
      pending--;
    }
  },
});
afterAll(() => app.close());

const brands = [101, 102, 103];
type InboxFilterType = NonNullable<InboxFilter['types']>[number];
const status = async (): Promise<RateStatus> => valueOf(await app.call('accounts:rate-status'));
const reads = () => seen.filter((r) => r.path.includes('/community_interactions'));

/**
 * Waits until nothing is at the service and the sync waits at the gate for the clock (or has
 * nothing left to ask), the clock standing still.
 */
async function settle(): Promise<void> {
  await vi.waitFor(
    async () => {
      expect(pending).toBe(0);
      const now = await status();
      expect(pending).toBe(0);
      if (!filledNow) expect(now.queuedBackground).toBeGreaterThan(0);
    },
    { timeout: 20_000, interval: 10 },
  );
}
/**
 * Waits until the sync has nothing left to ask until the clock moves: nothing at the service or
 * waiting at the gate, and no new request over two looks.
 */
async function quiet(): Promise<void> {
  let last = -1;
  await vi.waitFor(
    async () => {
      const count = seen.length;
      const now = await status();
      const still = count === last;
      last = count;
      expect(pending).toBe(0);
      expect(now.queued).toBe(0);
      expect(still).toBe(true);
    },
    { timeout: 20_000, interval: 20 },
  );
}
let filledNow = false;
/** Reads of the service before the sweep's first. */
let readsWhenFilled = 0;
void app.mirror.filled().then(() => {
  filledNow = true;
  readsWhenFilled = reads().length;
});

/** A person at work for `ms`: a call of theirs reaches the inbox each second. */
async function personWorks(ms: number): Promise<void> {
  for (let t = 0; t < ms; t += 1000) {
    app.mirror.noteActivity();
    await clock.advance(1000);
    await settle();
  }
}

describe('the sync share while a person works (sandbox, 100 calls a window)', () => {
  it('holds the first fill to 10 calls of the window while a person works, goes on at the next window, and at full speed once they pause', async () => {
    // The profile was just opened: a person is about to look, and the fill holds back at once.
    await settle();
    await personWorks(58_000);
    expect((await status()).sent.sync).toBeLessThanOrEqual(10);
    expect((await status()).sent.sync).toBeGreaterThanOrEqual(8);
    expect(reads().length).toBeLessThanOrEqual(10);
    expect(filledNow).toBe(false);

    // The next window, the person still at work: the fill goes on, within the new share.
    const before = reads().length;
    await personWorks(4_000);
    expect(reads().length).toBeGreaterThan(before);
    expect((await status()).sent.sync).toBeLessThanOrEqual(10);
    expect(filledNow).toBe(false);

    // The person pauses: the fill runs to its end without the clock moving again.
    await clock.advance(2_000);
    await app.mirror.filled();
    expect(seen.filter((r) => r.status === 429)).toEqual([]);
  });

  it('sweeps at full speed while nobody works, and within the share while a person does', async () => {
    const sweepPages = () => reads().length - readsWhenFilled;
    // Just filled: every row was just read, and none is read again before the sweep's interval.
    await quiet();
    expect(sweepPages()).toBe(0);
    // Nobody works: the first round reads every brand's period at once, the clock standing still.
    await clock.advance(5 * windowMs);
    await quiet();
    const firstRound = sweepPages();
    expect(firstRound).toBeGreaterThan(10);

    // The next round begins five minutes later with a person at work: 10 calls of that window.
    await clock.advance(5 * windowMs - 1_000);
    const windowEnds = Math.ceil(clock.now() / windowMs) * windowMs;
    await personWorks(windowEnds - clock.now() - 1_000);
    expect(sweepPages() - firstRound).toBeGreaterThan(0);
    expect(sweepPages() - firstRound).toBeLessThanOrEqual(10);
    expect((await status()).sent.sync).toBeLessThanOrEqual(10);

    // They pause: the round ends at full speed.
    await clock.advance(2_000);
    await quiet();
    expect(sweepPages()).toBe(2 * firstRound);
    expect(seen.filter((r) => r.status === 429)).toEqual([]);
  });

  it("shows a teammate's triage in the copy once its rows are shown, and reads the same span again only after half a minute", async () => {
    await settle();
    const list = async () =>
      valueOf(
        await app.call('inbox:list', {
          query: {
            brandIds: brands,
            filter: { from: new Date(clock.now() - 30 * 86_400_000).toISOString() },
          },
          offset: 0,
          limit: 20,
        }),
      );
    const revalidations = () => seen.filter((r) => r.path.includes('sort=-SOURCE_UPDATED_AT')).length;
    const before = revalidations();
    const shown = await list();
    const row = shown.items.find((item) => item.is_read === false)!;
    expect(row).toBeDefined();
    // Shown: re-read in the background once the person pauses (the sync share while they work).
    await clock.advance(2_000);
    await settle();
    const first = revalidations();
    expect(first).toBe(before + 1);

    // A teammate reads it on the service: its source_updated_at stays as it was.
    const teammate = clientFor(sandbox, { token: sandbox.tokens.application });
    await teammate.community.updateInteraction(row.id, { is_read: true });

    // Shown again within half a minute: the copy's answer, not re-read.
    await clock.advance(2_000);
    expect((await list()).items.find((item) => item.id === row.id)?.is_read).toBe(false);
    await clock.advance(2_000);
    await settle();
    expect(revalidations()).toBe(first);

    // Half a minute after it was first shown: shown, then re-read in the background, the
    // teammate's change lands in the copy.
    await clock.advance(30_000);
    await list();
    await clock.advance(2_000);
    await settle();
    expect(revalidations()).toBe(first + 1);
    expect((await list()).items.find((item) => item.id === row.id)?.is_read).toBe(true);
  });

  it('re-reads the last screens a person stayed on, not every screen they passed by', async () => {
    await clock.advance(31_000); // past any span re-read above
    await quiet();
    const screenOf = (type: InboxFilterType) =>
      app.call('inbox:list', {
        query: {
          brandIds: brands,
          filter: { from: new Date(clock.now() - 30 * 86_400_000).toISOString(), types: [type] },
        },
        offset: 0,
        limit: 20,
      });
    const revalidations = () => seen.filter((r) => r.path.includes('sort=-SOURCE_UPDATED_AT'));
    const before = revalidations().length;
    const types: InboxFilterType[] = [
      'TIKTOK_COMMENT',
      'INSTAGRAM_COMMENT',
      'FACEBOOK_COMMENT',
      'TWITTER_MENTION',
      'YOUTUBE_COMMENT',
      'INSTAGRAM_CONVERSATION',
    ];
    let last: InboxItem[] = [];
    for (const type of types) last = valueOf(await screenOf(type)).items;
    expect(last.length).toBeGreaterThan(0);
    // Going through screens: nothing re-read yet.
    await quiet();
    expect(revalidations().length).toBe(before);

    // The person stays on the last one: the last screens are re-read, the last one among them.
    await clock.advance(2_000);
    await clock.advance(60_000); // a new window, should the sync share have held some
    await quiet();
    const reread = revalidations().slice(before);
    expect(reread.length).toBeGreaterThan(0);
    expect(reread.length).toBeLessThan(types.length);
    const firstShown = Math.min(...last.map((item) => Date.parse(item.source_updated_at!)));
    expect(reread.some((r) => r.path.includes(encodeURIComponent(new Date(firstShown).toISOString())))).toBe(
      true,
    );
  });

  it('reads a first screen ahead without taking its rows as seen: only one shown is read again', async () => {
    await clock.advance(31_000); // past any span re-read above
    await quiet();
    const revalidations = () => seen.filter((r) => r.path.includes('sort=-SOURCE_UPDATED_AT')).length;
    const before = revalidations();
    const filter: InboxFilter = {
      from: new Date(clock.now() - 20 * 86_400_000).toISOString(),
      types: ['YOUTUBE_COMMENT'],
    };
    const ahead = valueOf(await app.call('inbox:first-screen', { brandIds: brands, filter, limit: 20 }));
    expect(ahead?.items.length).toBeGreaterThan(0);
    await clock.advance(2_000);
    await quiet();
    expect(revalidations()).toBe(before);
    // The same rows shown (the list's own read): re-read once the person pauses.
    valueOf(await app.call('inbox:list', { query: { brandIds: brands, filter }, offset: 0, limit: 20 }));
    await clock.advance(2_000);
    await quiet();
    expect(revalidations()).toBe(before + 1);
  });

  // Last: it removes the profile.
  it('drops the re-reading of a screen whose profile was removed before the person paused', async () => {
    await quiet();
    const profileId = valueOf(await app.call('accounts:list')).activeId!;
    valueOf(
      await app.call('inbox:list', {
        query: { brandIds: brands, filter: { from: new Date(clock.now() - 30 * 86_400_000).toISOString() } },
        offset: 0,
        limit: 20,
      }),
    );
    valueOf(await app.call('accounts:remove', { id: profileId }));
    const before = seen.length;
    // The person's pause comes: nothing is read for the profile gone, and main carries on.
    await clock.advance(2_000);
    await quiet();
    expect(seen.length).toBe(before);
    expect(valueOf(await app.call('accounts:list')).profiles).toEqual([]);
  });
});
