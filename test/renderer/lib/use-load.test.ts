import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { effectScope, nextTick, ref } from 'vue';
import { useLoad } from '../../../src/renderer/src/lib/use-load.ts';
import { ContractCallError } from '../../../src/shared/contract/index.ts';

/** Loads that finish when the test says, each remembering its signal. */
function loads<T>() {
  const pending: { key: unknown; signal: AbortSignal; finish: (v: T) => void; fail: (e: unknown) => void }[] =
    [];
  const loader = (key: () => unknown) => (signal: AbortSignal) =>
    new Promise<T>((finish, fail) => pending.push({ key: key(), signal, finish, fail }));
  return { pending, loader };
}

const offline = new ContractCallError({
  code: 'offline',
  message: 'The service could not be reached.',
  fieldErrors: {},
});
const cancelled = new ContractCallError({
  code: 'cancelled',
  message: 'The request was cancelled.',
  fieldErrors: {},
});

describe('useLoad', () => {
  it('stops the load running on cancel: its answer is dropped, what was shown stays', async () => {
    const { pending, loader } = loads<string>();
    const scope = effectScope();
    const load = scope.run(() =>
      useLoad(
        null,
        loader(() => 'preview'),
      ),
    )!;
    void load.reload();
    pending[0]!.finish('first');
    await flushPromises();
    void load.reload();
    expect(load.loading.value).toBe(true);
    load.cancel();
    expect(pending[1]!.signal.aborted).toBe(true);
    expect(load.loading.value).toBe(false);
    pending[1]!.finish('second');
    await flushPromises();
    expect(load.data.value).toBe('first');
    expect(load.error.value).toBeNull();
    scope.stop();
  });

  it('never lets an older answer overwrite a newer one, and aborts the older load', async () => {
    const query = ref('a');
    const { pending, loader } = loads<string>();
    const scope = effectScope();
    const load = scope.run(() =>
      useLoad(
        query,
        loader(() => query.value),
      ),
    )!;
    query.value = 'b';
    await nextTick();
    expect(pending.map((p) => p.key)).toEqual(['a', 'b']);
    expect(pending[0]!.signal.aborted).toBe(true);
    pending[1]!.finish('answer b');
    pending[0]!.finish('answer a');
    await flushPromises();
    expect(load.data.value).toBe('answer b');
    expect(load.loading.value).toBe(false);
    scope.stop();
  });

  it('loads again when what its source says changes, not each time the source is read again', async () => {
    const brand = ref(1);
    const other = ref(0);
    const { pending, loader } = loads<string>();
    const scope = effectScope();
    // A new array and object on every read, and a dependency (other) that is not part of the key.
    scope.run(() =>
      useLoad(
        () => (void other.value, [{ brand: brand.value }]),
        loader(() => brand.value),
      ),
    );
    other.value = 1;
    await nextTick();
    expect(pending.map((p) => p.key)).toEqual([1]);
    brand.value = 2;
    await nextTick();
    expect(pending.map((p) => p.key)).toEqual([1, 2]);
    scope.stop();
  });

  it('keeps the last answer while reloading, shows a failure, and clears it on a working retry', async () => {
    const { pending, loader } = loads<string>();
    const scope = effectScope();
    const load = scope.run(() =>
      useLoad(
        null,
        loader(() => 'x'),
      ),
    )!;
    void load.reload();
    pending[0]!.finish('first');
    await flushPromises();
    void load.reload();
    expect(load.data.value).toBe('first');
    expect(load.loading.value).toBe(true);
    pending[1]!.fail(offline);
    await flushPromises();
    expect(load.error.value?.code).toBe('offline');
    expect(load.data.value).toBe('first');
    void load.reload();
    expect(load.error.value?.code).toBe('offline'); // still on screen while the retry runs
    pending[2]!.finish('second');
    await flushPromises();
    expect(load.data.value).toBe('second');
    expect(load.error.value).toBeNull();
    scope.stop();
  });

  it('does not show a cancelled load as an error', async () => {
    const { pending, loader } = loads<string>();
    const scope = effectScope();
    const load = scope.run(() =>
      useLoad(
        null,
        loader(() => 'x'),
      ),
    )!;
    void load.reload();
    pending[0]!.fail(cancelled);
    await flushPromises();
    expect(load.error.value).toBeNull();
    scope.stop();
  });

  it('loads nothing while not enabled, and aborts what runs when its scope ends', async () => {
    const enabled = ref(false);
    const { pending, loader } = loads<string>();
    const scope = effectScope();
    scope.run(() =>
      useLoad(
        enabled,
        loader(() => 'x'),
        { enabled: () => enabled.value },
      ),
    );
    expect(pending).toHaveLength(0);
    enabled.value = true;
    await nextTick();
    expect(pending).toHaveLength(1);
    scope.stop();
    expect(pending[0]!.signal.aborted).toBe(true);
  });
});
