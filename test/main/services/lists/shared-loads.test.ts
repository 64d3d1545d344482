import { describe, expect, it } from 'vitest';
import { SharedLoads } from '../../../../src/main/services/lists/shared-loads.ts';

/** A load that finishes when the test says, and tells whether it was aborted. */
function controlledLoad<V>() {
  let finish!: (value: V) => void;
  let fail!: (error: unknown) => void;
  const state = { calls: 0, aborted: false, signal: undefined as AbortSignal | undefined };
  const load = (signal: AbortSignal) => {
    state.calls++;
    state.signal = signal;
    signal.addEventListener('abort', () => (state.aborted = true));
    return new Promise<V>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return { load, state, finish: (v: V) => finish(v), fail: (e: unknown) => fail(e) };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('SharedLoads', () => {
  it('shares one load between identical calls in flight', async () => {
    const loads = new SharedLoads({ ttlMs: 1000, now: () => 0 });
    const c = controlledLoad<string>();
    const first = loads.get('k', c.load);
    const second = loads.get('k', c.load);
    await flush();
    c.finish('answer');
    expect(await Promise.all([first, second])).toEqual(['answer', 'answer']);
    expect(c.state.calls).toBe(1);
  });

  it('keeps an answer for its time to live, then loads again', async () => {
    let now = 0;
    const loads = new SharedLoads({ ttlMs: 1000, now: () => now });
    let calls = 0;
    const load = async () => ++calls;
    expect(await loads.get('k', load)).toBe(1);
    now = 999;
    expect(await loads.get('k', load)).toBe(1);
    now = 1000;
    expect(await loads.get('k', load)).toBe(2);
  });

  it('aborts the load only when every caller has gone', async () => {
    const loads = new SharedLoads({ ttlMs: 1000, now: () => 0 });
    const c = controlledLoad<string>();
    const a = new AbortController();
    const b = new AbortController();
    const first = loads.get('k', c.load, a.signal);
    const second = loads.get('k', c.load, b.signal);
    await flush();
    a.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    expect(c.state.aborted).toBe(false);
    b.abort();
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    expect(c.state.aborted).toBe(true);
    expect(loads.inFlight).toBe(0);
  });

  it('starts afresh after an aborted load rather than joining it', async () => {
    const loads = new SharedLoads({ ttlMs: 1000, now: () => 0 });
    const c = controlledLoad<string>();
    const a = new AbortController();
    const first = loads.get('k', c.load, a.signal);
    await flush();
    a.abort();
    await expect(first).rejects.toBeDefined();
    const again = loads.get('k', c.load);
    await flush();
    expect(c.state.calls).toBe(2);
    c.finish('fresh');
    expect(await again).toBe('fresh');
  });

  it('does not keep a failed load', async () => {
    const loads = new SharedLoads({ ttlMs: 1000, now: () => 0 });
    let calls = 0;
    const load = async () => {
      calls++;
      if (calls === 1) throw new Error('down');
      return 'up';
    };
    await expect(loads.get('k', load)).rejects.toThrow('down');
    expect(await loads.get('k', load)).toBe('up');
  });

  it('forgets answers under a prefix, and does not keep a load that was in flight then', async () => {
    const loads = new SharedLoads({ ttlMs: 1000, now: () => 0 });
    let version = 1;
    const load = async () => version;
    await loads.get('tags:p1:1', load);
    await loads.get('other', load);
    const c = controlledLoad<number>();
    const inFlight = loads.get('tags:p1:2', c.load);
    await flush();
    loads.invalidate('tags:p1:');
    c.finish(1);
    await inFlight;
    version = 2;
    expect(await loads.get('tags:p1:1', load)).toBe(2);
    expect(await loads.get('other', load)).toBe(1);
    expect(await loads.get('tags:p1:2', load)).toBe(2);
  });

  it('refuses at once a call whose signal already aborted', async () => {
    const loads = new SharedLoads({ ttlMs: 1000 });
    let calls = 0;
    await expect(loads.get('k', async () => ++calls, AbortSignal.abort())).rejects.toBeDefined();
    expect(calls).toBe(0);
  });
});
