import { customRef, toValue, watch, type MaybeRef, type Ref } from 'vue';
import { useRoute, useRouter, type LocationQuery, type LocationQueryValue, type Router } from 'vue-router';

export type QueryMode = 'push' | 'replace';
type RawQuery = LocationQueryValue | LocationQueryValue[] | undefined;

/**
 * How long the values set wait before they are written, from the last one: what a person stays
 * on a moment becomes the address (a history entry), not every filter clicked through on the way.
 */
export const ADDRESS_WRITE_PAUSE_MS = 400;

interface Batch {
  values: Map<string, string | undefined>;
  /** A push when any value of the batch asked for one, a replace otherwise. */
  mode: QueryMode;
  /** The path the values were set on. */
  path: string;
  timer?: ReturnType<typeof setTimeout>;
  /** Resolves once the batch is written (its navigation done), carried along or dropped. */
  written: Promise<void>;
  done: () => void;
}

/** Values waiting to be written, per router: written together, as one navigation. */
const batches = new WeakMap<Router, Batch>();
const guarded = new WeakSet<Router>();

function withValues(query: LocationQuery, values: Batch['values']): LocationQuery {
  const next = { ...query };
  for (const [name, value] of values) {
    if (value === undefined) delete next[name];
    else next[name] = value;
  }
  return next;
}

const sameQuery = (one: LocationQuery, other: LocationQuery) =>
  JSON.stringify(Object.entries(one).sort()) === JSON.stringify(Object.entries(other).sort());

function newBatch(path: string): Batch {
  let done = () => {};
  const written = new Promise<void>((resolve) => (done = resolve));
  return { values: new Map(), mode: 'replace', path, written, done };
}

/** Takes a router's batch out of waiting: it is written, carried along or dropped now. */
function take(router: Router): Batch | undefined {
  const batch = batches.get(router);
  batches.delete(router);
  clearTimeout(batch?.timer);
  return batch;
}

/** Writes a router's waiting values into the address. */
function write(router: Router): void {
  const batch = take(router);
  if (!batch) return;
  const route = router.currentRoute.value;
  if (route.path !== batch.path) return batch.done();
  const query = withValues(route.query, batch.values);
  void router[batch.mode]({ path: route.path, query, hash: route.hash }).finally(batch.done);
}

/**
 * The page going away (another page, the window closed) while values wait: they are put in its
 * history entry at once, in place of its address (the router's own navigation would not end in
 * time), so coming back to the entry shows what the person last chose. A reload begun in that
 * moment has already taken the address before.
 */
function writeNow(router: Router): void {
  const batch = take(router);
  if (!batch) return;
  batch.done();
  const route = router.currentRoute.value;
  if (route.path !== batch.path) return;
  const href = router.resolve({
    path: route.path,
    query: withValues(route.query, batch.values),
    hash: route.hash,
  }).href;
  history.replaceState(history.state, '', href);
}

/**
 * Another navigation while values wait (a row opened, another area): one that keeps the query as
 * it stands (a link within the area, built from the address) carries them along; one going
 * elsewhere drops them (that area has its own query).
 */
function guard(router: Router): void {
  if (guarded.has(router)) return;
  guarded.add(router);
  window.addEventListener('pagehide', () => writeNow(router));
  router.beforeEach((to, from) => {
    const batch = take(router);
    if (!batch) return true;
    batch.done();
    if (!sameQuery(to.query, from.query)) return true;
    return { path: to.path, query: withValues(to.query, batch.values), hash: to.hash };
  });
}

/** Resolves once the values set so far are in the address (at once when none waits). */
export function addressWritten(router: Router): Promise<void> {
  return batches.get(router)?.written ?? Promise.resolve();
}

/**
 * One query value of the address, as `@vueuse/router`'s `useRouteQuery` gives it (read back at
 * once when written, following the address otherwise, values set together written as one
 * navigation), except when it is written: once the person has stayed a moment
 * (ADDRESS_WRITE_PAUSE_MS), rather than on the next tick. Each history entry costs Chromium's
 * browser process about 10 ms of work, which competed with drawing what the change brought (a
 * filter's first rows) on each click; and back now goes to the list the person looked at, not
 * through every filter clicked on the way to it.
 */
export function useRouteQueryValue(name: string, mode: MaybeRef<QueryMode>): Ref<RawQuery> {
  const route = useRoute();
  const router = useRouter();
  guard(router);
  let value: RawQuery = route.query[name];
  let trigger = () => {};
  const proxy = customRef<RawQuery>((track, triggerRef) => {
    trigger = triggerRef;
    return {
      get() {
        track();
        return value;
      },
      set(next) {
        const text = typeof next === 'string' ? next : undefined;
        if (value === text) return;
        value = text;
        let batch = batches.get(router);
        if (!batch) batches.set(router, (batch = newBatch(route.path)));
        clearTimeout(batch.timer);
        batch.timer = setTimeout(() => write(router), ADDRESS_WRITE_PAUSE_MS);
        batch.values.set(name, text);
        if (toValue(mode) === 'push') batch.mode = 'push';
        triggerRef();
      },
    };
  });
  watch(
    () => route.query[name],
    (next) => {
      if (value === next) return;
      value = next;
      trigger();
    },
    { flush: 'sync' },
  );
  return proxy;
}
