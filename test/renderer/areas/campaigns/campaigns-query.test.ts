import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import type { Router } from 'vue-router';
import {
  campaignsQueryParams,
  defaultCampaignsQuery,
  type CampaignsQuery,
} from '../../../../src/renderer/src/areas/campaigns/campaigns-query.ts';
import { useBrandsStore } from '../../../../src/renderer/src/app/brands-store.ts';
import { useCampaignsStore } from '../../../../src/renderer/src/areas/campaigns/campaigns-store.ts';
import type { QueryParam } from '../../../../src/renderer/src/lib/use-query-param.ts';
import { giveCampaignListAViewport, installFakeCampaigns } from '../../helpers/fake-campaigns.ts';
import { createFakePreload } from '../../helpers/fake-preload.ts';
import { arrivedAt, freshPageForEachTest, mountApp } from '../../helpers/mount-app.ts';
import { addressCaughtUp } from '../../helpers/address.ts';

freshPageForEachTest();
giveCampaignListAViewport();

const everyField: CampaignsQuery = {
  brandId: 102,
  search: 'spring, 2026*',
  sort: 'TOTAL_EMV',
  activity: 'INACTIVE',
  creators: 'without',
  creatorId: 101001,
};

/** The state as the address writes it: each value's name and text, defaults left out. */
function encode(state: CampaignsQuery): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of Object.keys(campaignsQueryParams) as (keyof CampaignsQuery)[]) {
    const param = campaignsQueryParams[key] as QueryParam<unknown>;
    const text = param.serialize(state[key]);
    if (text !== undefined && text !== param.serialize(param.fallback)) query[param.name] = text;
  }
  return query;
}

/** Each value as the list reads it from the address's text, the default when it does not fit. */
function decode(query: Record<string, string>): CampaignsQuery {
  const read = (key: keyof CampaignsQuery) => {
    const param = campaignsQueryParams[key] as QueryParam<unknown>;
    const text = query[param.name];
    return [key, text === undefined ? param.fallback : (param.parse(text) ?? param.fallback)];
  };
  return Object.fromEntries(
    Object.keys(campaignsQueryParams).map((key) => read(key as keyof CampaignsQuery)),
  ) as CampaignsQuery;
}

describe('the Campaigns list in the route query', () => {
  it('round-trips every field through the query, and leaves the defaults out', () => {
    const query = encode(everyField);
    expect(query).toEqual({
      brand: '102',
      q: 'spring, 2026*',
      sort: 'TOTAL_EMV',
      activity: 'INACTIVE',
      creators: 'without',
      creator: '101001',
    });
    expect(decode(query)).toEqual(everyField);
    expect(encode(defaultCampaignsQuery)).toEqual({});
  });

  it('falls back to the default for each value an edited or old link gets wrong, and keeps the rest', () => {
    expect(
      decode({
        brand: 'x',
        q: 'ok',
        sort: 'LOUDEST',
        activity: 'SOMETIMES',
        creators: 'maybe',
        creator: '-3',
      }),
    ).toEqual({ ...defaultCampaignsQuery, search: 'ok' });
    expect(decode({ q: 'x'.repeat(201), creator: '1.5' })).toEqual(defaultCampaignsQuery);
  });
});

async function open(path: string) {
  const preload = createFakePreload().install();
  installFakeCampaigns(preload);
  const { wrapper, router } = await mountApp(path);
  await flushPromises();
  return { preload, wrapper, router };
}

const lastQuery = (preload: ReturnType<typeof createFakePreload>) =>
  preload.inputsOf('campaigns:list').at(-1)?.query;
const names = (wrapper: VueWrapper) => wrapper.findAll('[data-testid="campaign-name"]').map((n) => n.text());
const searchBox = (wrapper: VueWrapper) =>
  wrapper.get<HTMLInputElement>('[data-testid="campaign-search"] input');

/** Back or forward in the app's history, once the router has arrived. */
async function go(router: Router, step: number) {
  const arrived = new Promise<void>((resolve) => {
    const stop = router.afterEach(() => {
      stop();
      resolve();
    });
  });
  router.go(step);
  await arrived;
  await flushPromises();
}

describe('the Campaigns screen and its address', () => {
  it('reads the list from the address, writes changes back, and back/forward and a reload keep it', async () => {
    const { preload, wrapper, router } = await open('/campaigns?q=spr&sort=NAME&creators=with');
    expect(lastQuery(preload)).toEqual({
      brandIds: [101, 102],
      filter: { search: '*spr*', sort: 'NAME', hasCreators: true },
    });
    expect(names(wrapper)).toEqual(['Spring launch']);
    expect(searchBox(wrapper).element.value).toBe('spr');
    expect(wrapper.get('[data-testid="campaign-sort"]').text()).toContain('Name');
    expect(wrapper.get('[data-testid="campaign-creators"]').text()).toContain('With creators');
    const direction = wrapper.get('[data-testid="campaign-sort-direction"]');
    expect(direction.attributes('data-descending')).toBe('false');

    await direction.trigger('click');
    await addressCaughtUp(router);
    expect(router.currentRoute.value.query).toEqual({ q: 'spr', sort: '-NAME', creators: 'with' });
    expect(lastQuery(preload)?.filter.sort).toBe('-NAME');
    expect(direction.attributes('data-descending')).toBe('true');

    // Back undoes the change, forward makes it again.
    await go(router, -1);
    expect(router.currentRoute.value.query).toEqual({ q: 'spr', sort: 'NAME', creators: 'with' });
    expect(lastQuery(preload)?.filter.sort).toBe('NAME');
    expect(direction.attributes('data-descending')).toBe('false');
    await go(router, 1);
    expect(lastQuery(preload)?.filter.sort).toBe('-NAME');

    // A reload: a new app on the same address shows the same list.
    const address = router.currentRoute.value.fullPath;
    wrapper.unmount();
    const again = await open(address);
    expect(lastQuery(again.preload)).toEqual({
      brandIds: [101, 102],
      filter: { search: '*spr*', sort: '-NAME', hasCreators: true },
    });
    expect(names(again.wrapper)).toEqual(['Spring launch']);
    expect(searchBox(again.wrapper).element.value).toBe('spr');
  });

  it('keeps typing out of the history; Enter makes an entry, and back takes the search away again', async () => {
    const { wrapper, router } = await open('/settings');
    const arrived = arrivedAt(router, 'campaigns');
    await wrapper.get('[data-testid="nav-campaigns"]').trigger('click');
    await arrived;
    await flushPromises();

    // After a pause in typing the search is in the address, in place of the list's entry.
    await searchBox(wrapper).setValue('sum');
    await vi.waitUntil(() => router.currentRoute.value.query.q === 'sum');
    await flushPromises();
    expect(names(wrapper)).toEqual(['Summer sale']);
    await go(router, -1);
    expect(router.currentRoute.value.name).toBe('settings');
    await go(router, 1);
    expect(names(wrapper)).toEqual(['Summer sale']);

    // Enter writes a new entry at once; back brings the earlier search back, in the box too.
    await searchBox(wrapper).setValue('spr');
    await searchBox(wrapper).trigger('keydown', { key: 'Enter' });
    await addressCaughtUp(router);
    expect(router.currentRoute.value.query).toEqual({ q: 'spr' });
    expect(names(wrapper)).toEqual(['Spring launch']);
    await go(router, -1);
    expect(router.currentRoute.value.query).toEqual({ q: 'sum' });
    expect(searchBox(wrapper).element.value).toBe('sum');
    expect(names(wrapper)).toEqual(['Summer sale']);
  });

  it('shows the list with the defaults for values the address gets wrong, never an error', async () => {
    const { preload, wrapper } = await open(
      '/campaigns?brand=999&sort=LOUDEST&activity=SOMETIMES&creators=maybe&creator=abc&q=sum',
    );
    expect(lastQuery(preload)).toEqual({
      brandIds: [101, 102],
      filter: { search: '*sum*', sort: '-CREATED' },
    });
    expect(wrapper.find('[data-testid="state-error"]').exists()).toBe(false);
    expect(names(wrapper)).toEqual(['Summer sale']);
  });

  it('reads the first of a repeated value, and leaves query names it does not own alone', async () => {
    const { preload, router } = await open('/campaigns?tab=x&q=old&sort=NAME&sort=-NAME');
    expect(lastQuery(preload)?.filter).toEqual({ search: '*old*', sort: 'NAME' });
    useCampaignsStore().activity = 'ACTIVE';
    await addressCaughtUp(router);
    expect(router.currentRoute.value.query).toMatchObject({ tab: 'x', q: 'old', activity: 'ACTIVE' });
    expect(lastQuery(preload)?.filter).toEqual({ search: '*old*', sort: 'NAME', activity: 'ACTIVE' });
  });

  it("keeps its list while another area is open, and does not take that area's query for its own", async () => {
    const { preload, router } = await open('/campaigns?q=spr');
    const reads = preload.inputsOf('campaigns:list').length;
    const away = arrivedAt(router, 'settings');
    await router.push('/settings?q=refund&sort=RELEVANCE');
    await away;
    await flushPromises();
    expect(useCampaignsStore().filter).toEqual({ search: '*spr*', sort: '-CREATED' });
    expect(preload.inputsOf('campaigns:list')).toHaveLength(reads);
    // A change asked for meanwhile does not land on the other area's address.
    useCampaignsStore().activity = 'ACTIVE';
    await flushPromises();
    expect(router.currentRoute.value.query).toEqual({ q: 'refund', sort: 'RELEVANCE' });
  });

  it("follows the side bar's brands, with no brand selector of its own, and says calmly when they have none", async () => {
    const { preload, wrapper, router } = await open('/campaigns?brand=102');
    // The address's brand is a campaign page's; the list is the side bar's brands, all of them.
    expect(lastQuery(preload)?.brandIds).toEqual([101, 102]);
    expect(wrapper.find('[data-testid="campaign-brand"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="page-subtitle"]').text()).toBe('2 campaigns in 2 brands');
    expect(wrapper.get('[data-testid="campaign-row"]').text()).toContain('Brand 101 ·');

    await useBrandsStore().select([102]);
    await flushPromises();
    expect(lastQuery(preload)?.brandIds).toEqual([102]);
    expect(router.currentRoute.value.query).toEqual({ brand: '102' });
    expect(wrapper.get('[data-testid="page-subtitle"]').text()).toBe('0 campaigns in Brand 102');
    const empty = wrapper.get('[data-testid="state-empty"]').text();
    expect(empty).toContain('Brand 102 has no campaigns yet');
    expect(empty).toContain('choose another brand there');
    expect(wrapper.find('[data-testid="state-error"]').exists()).toBe(false);

    await useBrandsStore().select([101]);
    await flushPromises();
    expect(names(wrapper)).toEqual(['Spring launch', 'Summer sale']);
    // One brand listed: the rows need not name it.
    expect(wrapper.get('[data-testid="campaign-row"]').text()).not.toContain('Brand 101 ·');
  });

  it("goes back to the list when the side bar's brands no longer hold the open campaign's", async () => {
    const { wrapper, router } = await open('/campaigns/1?brand=101&q=spr');
    expect(wrapper.get('h1').text()).toBe('Spring launch');
    // Another brand chosen besides: the campaign stays.
    await useBrandsStore().select([101, 102]);
    await flushPromises();
    expect(router.currentRoute.value.name).toBe('campaign');
    const back = arrivedAt(router, 'campaigns');
    await useBrandsStore().select([102]);
    await back;
    await flushPromises();
    expect(router.currentRoute.value.fullPath).toBe('/campaigns?q=spr');
    expect(wrapper.get('h1').text()).toBe('Campaigns');
  });

  it("keeps the filters through a campaign's page and back, from a copied link too", async () => {
    const { preload, wrapper, router } = await open('/campaigns/1?brand=101&q=spr&creators=with');
    expect(wrapper.get('h1').text()).toBe('Spring launch');
    const reads = preload.inputsOf('campaigns:list').length;
    const back = arrivedAt(router, 'campaigns');
    await wrapper.get('[data-testid="campaign-back"]').trigger('click');
    await back;
    await flushPromises();
    expect(router.currentRoute.value.query).toEqual({ brand: '101', q: 'spr', creators: 'with' });
    expect(names(wrapper)).toEqual(['Spring launch']);
    expect(searchBox(wrapper).element.value).toBe('spr');
    // The list read while the campaign was open is the one shown: not read again on the way back.
    expect(preload.inputsOf('campaigns:list')).toHaveLength(reads);
  });
});
