import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { createApp, defineComponent } from 'vue';
import { createMemoryHistory, createRouter, type Router } from 'vue-router';
import {
  useQueryParam,
  useQueryState,
  type QueryParam,
  type QueryParams,
} from '../../../src/renderer/src/lib/use-query-param.ts';
import { addressWritten } from '../../../src/renderer/src/lib/route-query.ts';

/** A page size in the address: a whole number from 1 to 100, 25 when absent or not one. */
const size: QueryParam<number> = {
  name: 'size',
  fallback: 25,
  parse: (text) => {
    const value = Number(text);
    return Number.isInteger(value) && value >= 1 && value <= 100 ? value : undefined;
  },
  serialize: (value) => String(value),
};
const word: QueryParam<string> = {
  name: 'word',
  fallback: '',
  parse: (text) => text,
  serialize: (text) => text || undefined,
};

interface Listing {
  size: number;
  word: string;
}
const listing: QueryParams<Listing> = { size, word };

const Page = defineComponent({ render: () => null });

/** A router of its own at `path`, and `use` run where a component's setup would run it. */
async function at<T>(path: string, use: (router: Router) => T): Promise<{ router: Router; value: T }> {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/list', name: 'list', component: Page },
      { path: '/other', name: 'other', component: Page },
    ],
  });
  await router.push(path);
  await router.isReady();
  const app = createApp(Page).use(router);
  return { router, value: app.runWithContext(() => use(router)) };
}

/** Resolves once the router has finished its next navigation. */
function nextNavigation(router: Router): Promise<void> {
  return new Promise((resolve) => {
    const stop = router.afterEach(() => {
      stop();
      resolve();
    });
  });
}

describe('a typed value in the address', () => {
  it('reads the value, and the default where the address has none, an empty one or one that does not fit', async () => {
    expect((await at('/list?size=50', () => useQueryParam(size))).value.value).toBe(50);
    for (const path of ['/list', '/list?size=', '/list?size', '/list?size=500', '/list?size=abc']) {
      expect((await at(path, () => useQueryParam(size))).value.value, path).toBe(25);
    }
    // A repeated name reads as its first value.
    expect((await at('/list?size=40&size=60', () => useQueryParam(size))).value.value).toBe(40);
  });

  it('reads a value written back at once, before the router has updated the address', async () => {
    const { router, value } = await at('/list?size=50&keep=me', () => useQueryParam(size));
    value.value = 75;
    expect(value.value).toBe(75);
    expect(router.currentRoute.value.query).toEqual({ size: '50', keep: 'me' });
    await nextNavigation(router);
    // Names it does not own are left as they were.
    expect(router.currentRoute.value.query).toEqual({ size: '75', keep: 'me' });
  });

  it('leaves the default out of the address', async () => {
    const { router, value } = await at('/list?size=50', () => useQueryParam(size));
    value.value = 25;
    await nextNavigation(router);
    expect(router.currentRoute.value.fullPath).toBe('/list');
  });

  it('follows the address: back and forward', async () => {
    const { router, value } = await at('/list?size=50', () => useQueryParam(size));
    value.value = 75;
    await nextNavigation(router);
    router.back();
    await nextNavigation(router);
    expect(value.value).toBe(50);
  });
});

describe('what the address is written with, and when', () => {
  it('writes what the person stayed on a moment: values clicked through on the way make no entry', async () => {
    const { router, value } = await at('/list?size=50', () => useQueryParam(size));
    value.value = 60;
    value.value = 70;
    value.value = 80;
    const written = nextNavigation(router);
    await addressWritten(router);
    await written;
    expect(router.currentRoute.value.query).toEqual({ size: '80' });
    router.back();
    await nextNavigation(router);
    expect(value.value).toBe(50);
  });

  it('carries the values waiting along with a navigation that keeps the query (a row opened)', async () => {
    const { router, value } = await at('/list?word=spring', () => useQueryState(listing));
    value.set({ word: 'summer' });
    await router.push({ path: '/other', query: router.currentRoute.value.query });
    expect(router.currentRoute.value.fullPath).toBe('/other?word=summer');
    // Nothing is written after it: the values went with that navigation.
    await addressWritten(router);
    expect(router.currentRoute.value.fullPath).toBe('/other?word=summer');
  });

  it('puts them in the page\u2019s history entry at once when the page goes away', async () => {
    const { router, value } = await at('/list?word=spring', () => useQueryState(listing));
    value.set({ word: 'summer' });
    window.dispatchEvent(new Event('pagehide'));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/list?word=summer');
    await addressWritten(router);
  });

  it('drops them for a navigation with a query of its own (another area)', async () => {
    const { router, value } = await at('/list?word=spring', () => useQueryState(listing));
    value.set({ word: 'summer' });
    await router.push('/other?tab=x');
    await addressWritten(router);
    await flushPromises();
    expect(router.currentRoute.value.fullPath).toBe('/other?tab=x');
  });
});

describe('a group of values in the address', () => {
  it('writes several values as one history entry, or in place of the current one', async () => {
    const { router, value } = await at('/other', () => useQueryState(listing));
    await router.push('/list');
    value.set({ size: 50, word: 'spring' });
    expect(value.state.value).toEqual({ size: 50, word: 'spring' });
    await nextNavigation(router);
    expect(router.currentRoute.value.query).toEqual({ size: '50', word: 'spring' });

    value.set({ word: 'summer' }, { replace: true });
    await nextNavigation(router);
    expect(router.currentRoute.value.query).toEqual({ size: '50', word: 'summer' });
    // One entry for both values, and the search typed in place of it: back leaves the list.
    router.back();
    await nextNavigation(router);
    expect(router.currentRoute.value.path).toBe('/list');
    expect(router.currentRoute.value.query).toEqual({});
    expect(value.state.value).toEqual({ size: 25, word: '' });
  });

  it('while its area is closed: keeps what it read, and writes nothing', async () => {
    const { router, value } = await at('/list?word=spring', (own) =>
      useQueryState(listing, { active: () => own.currentRoute.value.name === 'list' }),
    );
    expect(value.state.value).toEqual({ size: 25, word: 'spring' });
    await router.push('/other?word=elsewhere');
    expect(value.state.value).toEqual({ size: 25, word: 'spring' });
    value.set({ size: 50 });
    await flushPromises();
    expect(router.currentRoute.value.fullPath).toBe('/other?word=elsewhere');
    // Open again: it reads the address again.
    await router.push('/list?word=summer');
    expect(value.state.value).toEqual({ size: 25, word: 'summer' });
  });
});
