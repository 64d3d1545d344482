import { flushPromises, type VueWrapper } from '@vue/test-utils';
import type { Router } from 'vue-router';
import { describe, expect, it } from 'vitest';
import { useCampaignsStore } from '../../../../src/renderer/src/areas/campaigns/campaigns-store.ts';
import {
  giveCampaignListAViewport,
  installFakeCampaigns,
  sampleCampaign,
} from '../../helpers/fake-campaigns.ts';
import { createFakePreload } from '../../helpers/fake-preload.ts';
import { arrivedAt, freshPageForEachTest, mountApp } from '../../helpers/mount-app.ts';
import { addressCaughtUp } from '../../helpers/address.ts';

let wrapper: VueWrapper;
let router: Router;
freshPageForEachTest();
giveCampaignListAViewport();

async function openCampaigns(preload = createFakePreload().install()) {
  const fake = installFakeCampaigns(preload);
  ({ wrapper, router } = await mountApp('/campaigns'));
  await flushPromises();
  return { preload, fake };
}

const names = () => wrapper.findAll('[data-testid="campaign-name"]').map((n) => n.text());
const lastListQuery = (preload: ReturnType<typeof createFakePreload>) =>
  preload.inputsOf('campaigns:list').at(-1)!.query;

async function search(text: string) {
  const input = wrapper.get('[data-testid="campaign-search"] input');
  await input.setValue(text);
  await input.trigger('keydown', { key: 'Enter' });
  await addressCaughtUp(router);
}

describe('the Campaigns list', () => {
  it("lists the side bar's brands' campaigns, newest first, with their figures", async () => {
    const { preload } = await openCampaigns();
    expect(wrapper.get('h1').text()).toBe('Campaigns');
    expect(lastListQuery(preload)).toEqual({ brandIds: [101, 102], filter: { sort: '-CREATED' } });
    expect(names()).toEqual(['Spring launch', 'Summer sale']);
    expect(wrapper.get('[data-testid="campaign-media"]').text()).toContain('12');
    expect(wrapper.get('[data-testid="page-subtitle"]').text()).toBe('2 campaigns in 2 brands');
  });

  it('searches names with a wildcard around a bare word, and says when nothing matches', async () => {
    const { preload } = await openCampaigns();
    await search('spr');
    expect(lastListQuery(preload).filter.search).toBe('*spr*');
    expect(names()).toEqual(['Spring launch']);
    await search('S*sale');
    expect(lastListQuery(preload).filter.search).toBe('S*sale');
    expect(names()).toEqual(['Summer sale']);
    await search('nothing like it');
    expect(wrapper.get('[data-testid="state-empty"]').text()).toContain('No campaign matches these filters');
    await wrapper.get('[data-testid="state-empty"] button').trigger('click');
    await flushPromises();
    expect(names()).toEqual(['Spring launch', 'Summer sale']);
  });

  it('turns the sort around, and sends the activity and creator filters', async () => {
    const { preload } = await openCampaigns();
    await wrapper.get('[data-testid="campaign-sort-direction"]').trigger('click');
    await flushPromises();
    expect(lastListQuery(preload).filter.sort).toBe('CREATED');
    const store = useCampaignsStore();
    store.sortField = 'TOTAL_EMV';
    store.activity = 'ACTIVE';
    store.creators = 'with';
    store.creatorId = 101001;
    await flushPromises();
    expect(lastListQuery(preload).filter).toEqual({
      sort: 'TOTAL_EMV',
      activity: 'ACTIVE',
      hasCreators: true,
      creatorId: 101001,
    });
    expect(names()).toEqual(['Spring launch']);
    // The row shows the figure the list is sorted by.
    expect(wrapper.get('[data-testid="campaign-row"]').text()).toContain('1,234.5');
  });

  it('loads further pages as the list scrolls to them', async () => {
    const preload = createFakePreload().install();
    installFakeCampaigns(preload, {
      campaigns: Array.from({ length: 120 }, (_, i) =>
        sampleCampaign({ id: i + 1, name: `Campaign ${i + 1}` }),
      ),
    });
    ({ wrapper, router } = await mountApp('/campaigns'));
    await flushPromises();
    expect(preload.inputsOf('campaigns:list').map((i) => i.offset)).toEqual([0]);
    useCampaignsStore().setRange(60, 75);
    await flushPromises();
    expect(preload.inputsOf('campaigns:list').map((i) => [i.offset, i.limit])).toEqual([
      [0, 50],
      [50, 50],
    ]);
  });

  it('says when a further page could not be read, the rows before it still there, and reads it again on Retry', async () => {
    const preload = createFakePreload().install();
    installFakeCampaigns(preload, {
      campaigns: Array.from({ length: 120 }, (_, i) =>
        sampleCampaign({ id: i + 1, name: `Campaign ${i + 1}` }),
      ),
    });
    const list = preload.api['campaigns:list'];
    let failing = true;
    preload.api['campaigns:list'] = (input) =>
      failing && input.offset === 50
        ? Promise.resolve({
            ok: false,
            error: { code: 'service_error', message: 'The service failed.', fieldErrors: {} },
          })
        : list(input);
    ({ wrapper, router } = await mountApp('/campaigns'));
    await flushPromises();
    // Rows 45 to 57 or so in view (57 px a row, the list's estimate): the end of the first page
    // and the start of the second.
    const scroller = document.querySelector<HTMLElement>('[data-testid="virtual-list"]')!;
    scroller.scrollTop = 45 * 57;
    scroller.dispatchEvent(new Event('scroll'));
    await flushPromises();
    expect(wrapper.get('[data-testid="state-error"]').text()).toContain('Some campaigns could not be loaded');
    expect(names()).toContain('Campaign 50');
    expect(names()).not.toContain('Campaign 51');

    failing = false;
    await wrapper.get('[data-testid="retry"]').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="state-error"]').exists()).toBe(false);
    expect(names()).toContain('Campaign 51');
  });

  it('shows why the list could not load, and loads it again on Retry', async () => {
    const preload = createFakePreload().install();
    const fake = installFakeCampaigns(preload);
    preload.answer('campaigns:list', () => ({
      ok: false,
      error: { code: 'offline', message: 'The service could not be reached.', fieldErrors: {} },
    }));
    ({ wrapper, router } = await mountApp('/campaigns'));
    await flushPromises();
    expect(wrapper.get('[data-testid="state-error"]').text()).toContain('Could not load the campaigns');
    preload.answer('campaigns:list', () => ({ ok: true, value: { count: 1, items: [fake.campaigns[0]!] } }));
    await wrapper.get('[data-testid="retry"]').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="state-error"]').exists()).toBe(false);
    expect(names()).toEqual(['Spring launch']);
  });

  it('says so when the chosen brands have no campaigns', async () => {
    const preload = createFakePreload().install();
    installFakeCampaigns(preload, { campaigns: [] });
    ({ wrapper, router } = await mountApp('/campaigns'));
    await flushPromises();
    expect(wrapper.get('[data-testid="state-empty"]').text()).toContain(
      'None of the 2 brands chosen has campaigns yet',
    );
  });

  it('opens a campaign as /campaigns/:id in its brand, and goes back to the list as it was', async () => {
    await openCampaigns();
    await search('spr');
    const arrived = arrivedAt(router, 'campaign');
    await wrapper.get('[data-testid="campaign-row"]').trigger('click');
    await arrived;
    await flushPromises();
    // The campaign's address carries the list's search, so back (or a reload) keeps it.
    expect(router.currentRoute.value.fullPath).toBe('/campaigns/1?q=spr&brand=101');
    expect(wrapper.get('h1').text()).toBe('Spring launch');
    const back = arrivedAt(router, 'campaigns');
    await wrapper.get('[data-testid="campaign-back"]').trigger('click');
    await back;
    await flushPromises();
    expect(router.currentRoute.value.fullPath).toBe('/campaigns?q=spr&brand=101');
    expect(names()).toEqual(['Spring launch']);
  });

  it('moves between rows with the arrow keys', async () => {
    await openCampaigns();
    const links = wrapper.findAll<HTMLAnchorElement>('[data-testid="campaign-row"]');
    links[0]!.element.focus();
    await links[0]!.trigger('keydown', { key: 'ArrowDown' });
    await flushPromises();
    expect(document.activeElement).toBe(links[1]!.element);
    await links[1]!.trigger('keydown', { key: 'ArrowUp' });
    await flushPromises();
    expect(document.activeElement).toBe(links[0]!.element);
  });
});
