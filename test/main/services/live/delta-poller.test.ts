import { describe, expect, it } from 'vitest';
import type { CommunityApi } from '../../../../src/main/services/api/community.ts';
import { createDeltaPoller, type DeltaTimers } from '../../../../src/main/services/live/delta-poller.ts';
import { clientFor, sandboxForThisFile } from '../support/sandbox.ts';

/**
 * The delta poller against a live sandbox whose clock stands still: each test makes the next
 * minute happen (`sandbox.live.nextMinute()`) and runs a delta itself (`pollNow`), so nothing
 * waits on the wall clock.
 */
const sandbox = await sandboxForThisFile({
  frozenClock: true,
  live: 3,
  liveTickMs: 0,
  now: '2026-05-04T10:00:30Z',
});
const brands = [101, 102, 103];

interface Call {
  name: string;
  lane: unknown;
}

/** The app's community client, recording each call and its lane; `down` answers nothing. */
function watchedCommunity() {
  const real = clientFor(sandbox).community;
  const calls: Call[] = [];
  const link = { down: false };
  const community = new Proxy(real, {
    get(target, name: string) {
      const original = (target as Record<string, unknown>)[name];
      if (typeof original !== 'function') return original;
      return (...args: unknown[]) => {
        calls.push({ name, lane: (args[1] as { lane?: unknown } | undefined)?.lane });
        if (link.down) {
          const error = new TypeError('fetch failed');
          if (name === 'iterateInteractions') {
            return (async function* () {
              yield* [];
              throw error;
            })();
          }
          return Promise.reject(error);
        }
        return (original as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as CommunityApi;
  return { community, calls, link };
}

/** Timers that never fire by themselves: the test sees what was scheduled. */
function manualTimers() {
  const scheduled: number[] = [];
  const timers: DeltaTimers = {
    setTimeout: (_run, ms) => scheduled.push(ms),
    clearTimeout: () => undefined,
  };
  return { timers, scheduled };
}

function pollerOn(options: { overlapMs?: number; reachable?: () => boolean } = {}) {
  const watched = watchedCommunity();
  const { timers, scheduled } = manualTimers();
  const errors: unknown[] = [];
  const poller = createDeltaPoller({
    scope: () => ({ profileId: 'p1', brandIds: brands }),
    community: () => watched.community,
    reachable: options.reachable ?? (() => true),
    intervalMs: () => 30_000,
    overlapMs: options.overlapMs,
    timers,
    onError: (error) => errors.push(error),
  });
  return { poller, scheduled, errors, ...watched };
}

const idsOf = (items: { id: number }[]) => items.map((item) => item.id).sort((a, b) => a - b);

describe('the inbox delta', () => {
  it('reports what arrived since the last delta, each once, with the unread counts', async () => {
    const { poller, scheduled } = pollerOn();
    poller.start();
    // Started, it waits an interval (or the service's first answer) before the first delta.
    expect(scheduled).toEqual([30_000]);
    const first = await poller.pollNow();
    // The first delta sets the mark: the inbox as it stands is not news.
    expect(first?.items).toEqual([]);
    expect(first?.unread?.total).toBeGreaterThan(0);

    const minute = sandbox.live!.nextMinute();
    const second = await poller.pollNow();
    expect(idsOf(second!.items)).toEqual([...minute.created, ...minute.replied].sort((a, b) => a - b));
    expect(second!.unread!.total).toBeGreaterThanOrEqual(first!.unread!.total + minute.created.length);

    // The overlap reads them again; nothing is told twice.
    const third = await poller.pollNow();
    expect(third?.items).toEqual([]);
    // Each delta waits the interval for the next.
    expect(scheduled).toEqual([30_000, 30_000, 30_000, 30_000]);
    poller.stop();
  });

  it('finds an interaction written late, with a time just before the mark (the overlap)', async () => {
    const late = async (overlapMs: number) => {
      const { poller } = pollerOn({ overlapMs });
      await poller.pollNow();
      const minute = sandbox.live!.nextMinute();
      const delta = await poller.pollNow();
      const mark = Math.max(...delta!.items.map((item) => Date.parse(item.source_updated_at!)));
      // The service shows an interaction now whose latest activity is 30 s before the mark.
      const old = sandbox.db
        .prepare(
          'SELECT id FROM community_interactions WHERE brand_id = 101 ORDER BY source_updated_at LIMIT 1',
        )
        .get()!;
      sandbox.db
        .prepare('UPDATE community_interactions SET source_updated_at = ? WHERE id = ?')
        .run(mark - 30_000, Number(old.id));
      const after = await poller.pollNow();
      expect(minute.created.length + minute.replied.length).toBe(3);
      return { id: Number(old.id), items: after!.items.map((item) => item.id) };
    };
    const withOverlap = await late(120_000);
    expect(withOverlap.items).toEqual([withOverlap.id]);
    // Without one, the same late interaction is never told: what the overlap is for.
    const without = await late(0);
    expect(without.items).toEqual([]);
  });

  it('asks on the sync lane only: background work held to the sync share while a person works', async () => {
    const { poller, calls } = pollerOn();
    await poller.pollNow();
    sandbox.live!.nextMinute();
    await poller.pollNow();
    expect(calls.length).toBeGreaterThan(0);
    expect(new Set(calls.map((call) => call.lane))).toEqual(new Set(['sync']));
  });

  it('pauses while the service does not answer, and catches up when it does', async () => {
    let reachable = true;
    const { poller, calls, link, errors } = pollerOn({ reachable: () => reachable });
    await poller.pollNow();

    reachable = false;
    link.down = true;
    calls.length = 0;
    const missed = sandbox.live!.nextMinute();
    expect(await poller.pollNow()).toBeUndefined();
    // One look whether it is back, and no walk of the list while it is away.
    expect(calls.map((call) => call.name)).toEqual(['unreadCounts']);
    expect(errors).toHaveLength(1);

    link.down = false;
    const caughtUp = await poller.pollNow();
    expect(idsOf(caughtUp!.items)).toEqual([...missed.created, ...missed.replied].sort((a, b) => a - b));
  });

  it('hands every delta to each listener (the copy of the inbox applies them)', async () => {
    const { poller } = pollerOn();
    const told: number[][] = [];
    const stop = poller.onDelta((delta) => told.push(delta.items.map((item) => item.id)));
    await poller.pollNow();
    const minute = sandbox.live!.nextMinute();
    await poller.pollNow();
    stop();
    await poller.pollNow();
    expect(told).toHaveLength(2);
    expect(told[1]!.sort((a, b) => a - b)).toEqual(
      [...minute.created, ...minute.replied].sort((a, b) => a - b),
    );
  });
});
