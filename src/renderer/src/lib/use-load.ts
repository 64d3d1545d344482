import {
  onScopeDispose,
  ref,
  shallowRef,
  toValue,
  watch,
  type Ref,
  type ShallowRef,
  type WatchSource,
} from 'vue';
import { ContractCallError } from '../../../shared/contract/index.ts';
import { toCallError } from './call-error.ts';

export interface Load<T> {
  /** The last answer; kept while a newer one loads, so a list never blanks on a refresh. */
  data: ShallowRef<T | undefined>;
  /**
   * Why the last load failed; null after a success. Kept while a retry runs, so the error and its
   * Retry stay on screen (showing the retry's progress) instead of vanishing and coming back.
   */
  error: ShallowRef<ContractCallError | null>;
  /** A load is running. */
  loading: Ref<boolean>;
  /** Loads again (the Retry button, or after a change). Resolves when that load has ended. */
  reload(): Promise<void>;
  /** Stops the load running (a Stop button): its answer is dropped, and what was shown stays. */
  cancel(): void;
}

export interface LoadOptions {
  /** Load only while this is true (a list needs a chosen brand first). */
  enabled?: () => boolean;
}

/**
 * The one idiom for async data in stores: loading, error, retry, and a stale answer never
 * overwriting a newer one. Each load gets its own AbortSignal; a newer load (the source changed,
 * Retry) aborts the older one, which main then drops from the rate gate's queue, and a store's
 * scope ending aborts the last. A small composable rather than @pinia/colada: main already keeps
 * answers briefly and shares identical calls in flight, so a second cache with its own staleness
 * rules here would only disagree with it.
 */
export function useLoad<T>(
  source: WatchSource<unknown> | WatchSource<unknown>[] | null,
  loader: (signal: AbortSignal) => Promise<T>,
  options: LoadOptions = {},
): Load<T> {
  const data = shallowRef<T | undefined>();
  const error = shallowRef<ContractCallError | null>(null);
  const loading = ref(false);
  let current: AbortController | undefined;

  async function reload(): Promise<void> {
    current?.abort();
    if (options.enabled && !options.enabled()) {
      current = undefined;
      loading.value = false;
      data.value = undefined;
      error.value = null;
      return;
    }
    const controller = new AbortController();
    current = controller;
    loading.value = true;
    try {
      const value = await loader(controller.signal);
      if (current === controller) {
        data.value = value;
        error.value = null;
      }
    } catch (thrown) {
      const failure = toCallError(thrown);
      if (current === controller && failure.code !== 'cancelled') error.value = failure;
    } finally {
      if (current === controller) loading.value = false;
    }
  }

  function cancel(): void {
    current?.abort();
    current = undefined;
    loading.value = false;
  }

  if (source) {
    const sources = Array.isArray(source) ? source : [source];
    // Compared as text: a source that builds a new array or object each time it is read again
    // (whenever anything it reads changed) loads again only when what it says changed.
    watch(
      () => JSON.stringify(sources.map((one) => toValue(one))),
      () => void reload(),
      { immediate: true },
    );
  }
  onScopeDispose(() => current?.abort());
  return { data, error, loading, reload, cancel };
}
