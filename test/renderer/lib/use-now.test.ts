import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope, nextTick, ref } from 'vue';
import { EVERY_MINUTE, useNow } from '../../../src/renderer/src/lib/use-now.ts';

const start = Date.UTC(2026, 10, 26, 12, 0, 0);

describe('useNow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(start);
  });
  afterEach(() => vi.useRealTimers());

  it('ticks once a second for a countdown, while it runs', async () => {
    const running = ref(true);
    const scope = effectScope();
    const now = scope.run(() => useNow(running))!;
    vi.advanceTimersByTime(1_000);
    expect(now.value).toBe(start + 1_000);

    running.value = false;
    await nextTick();
    vi.advanceTimersByTime(5_000);
    expect(now.value).toBe(start + 1_000);

    // Started again, it reads the time at once rather than at its next tick.
    running.value = true;
    await nextTick();
    expect(now.value).toBe(start + 6_000);
    scope.stop();
  });

  it('ticks once a minute where durations are shown, and stops with its scope', () => {
    const scope = effectScope();
    const now = scope.run(() => useNow(() => true, EVERY_MINUTE))!;
    vi.advanceTimersByTime(59_000);
    expect(now.value).toBe(start);
    vi.advanceTimersByTime(1_000);
    expect(now.value).toBe(start + 60_000);

    scope.stop();
    vi.advanceTimersByTime(60_000);
    expect(now.value).toBe(start + 60_000);
  });
});
