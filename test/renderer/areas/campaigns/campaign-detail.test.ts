import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { campaignUpdateSchema } from '../../../../src/shared/domain/index.ts';
import {
  installFakeCampaigns,
  sampleAds,
  sampleCampaign,
  sampleStats,
} from '../../helpers/fake-campaigns.ts';
import { createFakePreload } from '../../helpers/fake-preload.ts';
import { freshPageForEachTest, mountApp } from '../../helpers/mount-app.ts';

let wrapper: VueWrapper;
freshPageForEachTest();
afterEach(() => vi.useRealTimers());

async function openCampaign(id = 1, preload = createFakePreload().install()) {
  const fake = installFakeCampaigns(preload);
  ({ wrapper } = await mountApp(`/campaigns/${id}?brand=101`));
  await flushPromises();
  return { preload, fake };
}

async function openTab(key: 'stats' | 'ads' | 'media' | 'edit') {
  await wrapper.get(`[data-testid="tab-${key}"]`).trigger('click');
  await flushPromises();
}
const fieldOf = (testid: string) => wrapper.get(`[data-testid="${testid}"]`).element.closest('.n-form-item')!;

describe('a campaign', () => {
  it('shows its topline figures and each goal with the progress the overview gives', async () => {
    const { preload } = await openCampaign();
    expect(preload.inputsOf('campaigns:get')).toEqual([{ brandId: 101, campaignId: 1 }]);
    expect(wrapper.get('h1').text()).toBe('Spring launch');
    const goals = wrapper.findAll('[data-testid="campaign-goal"]').map((g) => g.text());
    const engagements = sampleStats().owned_summary.engagements;
    expect(goals[0]).toContain(`Owned · Engagements${engagements.toLocaleString()} / 8,000`);
    expect(goals[0]).toContain(`${Math.round((engagements / 8000) * 100)}%`);
    expect(goals[1]).toContain('no goal');
    expect(goals[2]).toContain('No figure in the overview / 200');
  });

  it('reads the headline figures and the goals for one period, and says which', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 9, 30, 12));
    const preload = createFakePreload().install();
    const campaign = sampleCampaign({
      earliest_media_published_date: '2026-03-03T10:00:00Z',
      latest_media_published_date: '2026-10-28T10:00:00Z',
    });
    installFakeCampaigns(preload, { campaigns: [campaign] });
    // Each period its own overview: engagements 1,000 for all time, 30 for the last 30 days.
    preload.answer('campaigns:stats', ({ from }) => {
      const stats = sampleStats();
      const engagements = from ? 30 : 1000;
      return {
        ok: true,
        value: {
          ...stats,
          overview: { ...stats.overview, engagements },
          owned_summary: { ...stats.owned_summary, engagements },
        },
      };
    });
    ({ wrapper } = await mountApp('/campaigns/1?brand=101'));
    await flushPromises();
    const period = () => wrapper.get('[data-testid="campaign-period"]').text();
    const figure = (label: string) => wrapper.get(`[data-figure="${label}"] dd`).text();
    const goal = () => wrapper.findAll('[data-testid="campaign-goal"]')[0]!.text();

    expect(period()).toContain('All time · Mar 3 – Oct 28, 2026');
    // Not the campaign's own all-time total (5,000): the overview's, as the goal reads it.
    expect(figure('Engagements')).toBe('1,000');
    expect(goal()).toContain('1,000 / 8,000');

    await wrapper.get('[data-testid="period-last-30-days"]').trigger('click');
    await flushPromises();
    expect(preload.inputsOf('campaigns:stats').at(-1)).toEqual({
      brandId: 101,
      campaignId: 1,
      from: '2026-10-01',
      to: '2026-10-30',
    });
    expect(period()).toContain('Last 30 days · Oct 1 – Oct 30, 2026');
    expect(figure('Engagements')).toBe('30');
    expect(goal()).toContain('30 / 8,000');
    expect(wrapper.get('[data-testid="period-last-30-days"]').attributes('aria-pressed')).toBe('true');

    await wrapper.get('[data-testid="tab-stats"]').trigger('click');
    await flushPromises();
    expect(wrapper.get('[aria-label="Statistics"]').text()).toContain('Last 30 days · Oct 1 – Oct 30, 2026');
    vi.useRealTimers();
  });

  it('says a goal’s figure is not known while the statistics are on their way, not that there is none', async () => {
    const preload = createFakePreload().install();
    installFakeCampaigns(preload);
    preload.answer('campaigns:stats', () => new Promise(() => {})); // never answers in this test
    ({ wrapper } = await mountApp('/campaigns/1?brand=101'));
    await flushPromises();
    const goals = wrapper.findAll('[data-testid="campaign-goal"]').map((g) => g.text());
    expect(goals[2]).toContain('… / 200');
    expect(goals.join(' ')).not.toContain('No figure in the overview');
  });

  it('shows every group of the statistics overview, one card each, for the chosen range', async () => {
    const { preload } = await openCampaign();
    const groups = wrapper.findAll('[data-testid="stats-group"]').map((g) => g.attributes('data-group'));
    expect(groups.sort()).toEqual(Object.keys(sampleStats()).sort());
    const instagram = wrapper.get('[data-group="INSTAGRAM"]');
    expect(instagram.findAll('[data-leaf]')).toHaveLength(Object.keys(sampleStats().INSTAGRAM).length);
    expect(instagram.get('[data-leaf="avg_engagement_rate"]').text()).toMatch(/%$/);
    expect(wrapper.get('[data-group="CUSTOM_METRICS"]').text()).toContain('No figures in this group.');
    expect(wrapper.find('[data-testid="stats-chart"]').exists()).toBe(true);
    expect(preload.inputsOf('campaigns:stats')).toEqual([{ brandId: 101, campaignId: 1 }]);
    await wrapper.get('[data-testid="period-campaign-dates"]').trigger('click');
    await flushPromises();
    expect(preload.inputsOf('campaigns:stats').at(-1)).toEqual({
      brandId: 101,
      campaignId: 1,
      from: '2026-03-01',
      to: '2026-04-30',
    });
  });

  it('counts its creators in the subtitle, one creator in the singular', async () => {
    const preload = createFakePreload().install();
    installFakeCampaigns(preload, { campaigns: [sampleCampaign({ creator_ids: [101001] })] });
    ({ wrapper } = await mountApp('/campaigns/1?brand=101'));
    await flushPromises();
    expect(wrapper.get('[data-testid="page-subtitle"]').text()).toMatch(/ · 1 creator$/);
  });

  it('says the campaign was not found, with a way back', async () => {
    await openCampaign(404);
    expect(wrapper.get('[data-testid="state-error"]').text()).toContain('This campaign was not found');
    expect(wrapper.find('[data-testid="campaign-tabs"], [role="tablist"]').exists()).toBe(false);
  });

  it('moves between the sections with the arrow keys', async () => {
    await openCampaign();
    const stats = wrapper.get('[data-testid="tab-stats"]');
    await stats.trigger('keydown', { key: 'ArrowRight' });
    await flushPromises();
    expect(wrapper.get('[data-testid="tab-ads"]').attributes('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(wrapper.get('[data-testid="tab-ads"]').element);
    await wrapper.get('[data-testid="tab-ads"]').trigger('keydown', { key: 'End' });
    await flushPromises();
    expect(wrapper.get('[data-testid="tab-edit"]').attributes('aria-selected')).toBe('true');
    await wrapper.get('[data-testid="tab-edit"]').trigger('keydown', { key: 'Escape' });
    await flushPromises();
    expect(wrapper.get('h1').text()).toBe('Campaigns');
  });
});

describe('the ads of a campaign', () => {
  it('pages through the Meta ads, and says when a platform has none', async () => {
    const { preload } = await openCampaign();
    await openTab('ads');
    expect(wrapper.findAll('[data-testid="ad-row"]')).toHaveLength(20);
    expect(preload.inputsOf('campaigns:ads').at(-1)).toEqual({
      query: { brandId: 101, campaignId: 1, source: 'META_ADS' },
      offset: 0,
      limit: 20,
    });
    const page2 = wrapper.findAll('.n-pagination-item').find((item) => item.text() === '2')!;
    await page2.trigger('click');
    await flushPromises();
    expect(preload.inputsOf('campaigns:ads').at(-1)).toMatchObject({ offset: 20, limit: 20 });
    await wrapper.findAll('[data-testid="ads-source"] input[type="radio"]')[1]!.setValue(true);
    await flushPromises();
    expect(preload.inputsOf('campaigns:ads').at(-1)).toMatchObject({
      query: { source: 'TIKTOK_ADS' },
      offset: 0,
    });
    expect(wrapper.get('[data-testid="state-empty"]').text()).toContain('no ads on this platform');
  });

  it('shows a page of ads read before again without asking for it', async () => {
    const { preload } = await openCampaign();
    await openTab('ads');
    const firstAd = () => wrapper.get('[data-testid="ad-row"]').text();
    const onPageOne = firstAd();
    const toPage = async (page: number) => {
      await wrapper
        .findAll('.n-pagination-item')
        .find((item) => item.text() === String(page))!
        .trigger('click');
      await flushPromises();
    };
    await toPage(2);
    expect(firstAd()).not.toBe(onPageOne);
    const asked = preload.inputsOf('campaigns:ads').length;
    await toPage(1);
    expect(firstAd()).toBe(onPageOne);
    expect(preload.inputsOf('campaigns:ads')).toHaveLength(asked);
  });

  it('opens on TikTok for a campaign whose ads are all there', async () => {
    const preload = createFakePreload().install();
    installFakeCampaigns(preload, {
      campaigns: [sampleCampaign({ included_ad_sources: ['TIKTOK_ADS'], ad_campaigns: [] })],
      ads: sampleAds(3, 'TIKTOK_ADS'),
    });
    ({ wrapper } = await mountApp('/campaigns/1?brand=101'));
    await flushPromises();
    await openTab('ads');
    expect(preload.inputsOf('campaigns:ads').at(-1)).toMatchObject({ query: { source: 'TIKTOK_ADS' } });
    expect(wrapper.findAll('[data-testid="ad-row"]')).toHaveLength(3);
  });
});

describe('adding media', () => {
  it('sends the ids typed, and shows the new count', async () => {
    const { preload } = await openCampaign();
    await openTab('media');
    await wrapper.get('[data-testid="add-media-ids"] input').setValue('5, 6 6');
    await wrapper.get('[data-testid="add-gallery-ids"] input').setValue('3');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(preload.inputsOf('campaigns:add-media')).toEqual([
      { brandId: 101, campaignId: 1, mediaIds: [5, 6], galleryIds: [3] },
    ]);
    expect(wrapper.get('[data-testid="add-media-result"]').text()).toBe(
      'Added 6 media. The campaign now has 18.',
    );
    expect(wrapper.get('[data-figure="Media"]').text()).toContain('18');
  });

  it('refuses what is no id before sending, and puts ids the service refused at their field', async () => {
    const { preload } = await openCampaign();
    await openTab('media');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(fieldOf('add-media-ids').textContent).toContain('Name at least one media id or gallery id.');
    await wrapper.get('[data-testid="add-media-ids"] input').setValue('12, abc');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(fieldOf('add-media-ids').textContent).toContain('Not an id: abc.');
    expect(preload.inputsOf('campaigns:add-media')).toEqual([]);
    await wrapper.get('[data-testid="add-media-ids"] input').setValue('999');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(fieldOf('add-media-ids').textContent).toContain("Not in brand 101's library: 999.");
  });
});

describe('the edit form', () => {
  it('sends the full PUT, starting from what the service returned, and shows the new name', async () => {
    const { preload } = await openCampaign();
    await openTab('edit');
    await wrapper.get('[data-testid="edit-name"] input').setValue('Spring relaunch');
    await wrapper.get('[data-testid="edit-creators"] input').setValue('101001');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    const [sent] = preload.inputsOf('campaigns:update');
    const { brandId, campaignId, ...body } = sent!;
    expect({ brandId, campaignId }).toEqual({ brandId: 101, campaignId: 1 });
    expect(Object.keys(body).sort()).toEqual(Object.keys(campaignUpdateSchema.shape).sort());
    expect(body).toMatchObject({
      name: 'Spring relaunch',
      creator_ids: [101001],
      hashtag_ids: [7],
      start_date: '2026-03-01',
      end_date: '2026-04-30',
      google_analytics_selected_campaigns: ['spring_1'],
      topline_metrics: { OWNED_SUMMARY: [{ id: 1, metric: 'ENGAGEMENTS', goal: 8000 }] },
    });
    expect(wrapper.get('h1').text()).toBe('Spring relaunch');
    expect(wrapper.get('[data-testid="edit-saved"]').text()).toBe('Saved.');
    // The list is read again, so it shows the new name when the person goes back.
    expect(preload.inputsOf('campaigns:list').length).toBeGreaterThan(0);
  });

  it('checks the name and a goal before sending, and puts the service refusal at its field', async () => {
    const { preload } = await openCampaign();
    await openTab('edit');
    await wrapper.get('[data-testid="edit-name"] input').setValue('   ');
    await wrapper.get('[data-testid="edit-goal-OWNED_SUMMARY-0"] input').setValue('-5');
    await wrapper.get('[data-testid="edit-goal-OWNED_SUMMARY-0"] input').trigger('blur');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(fieldOf('edit-name').textContent).toContain('Give the campaign a name.');
    expect(fieldOf('edit-goal-OWNED_SUMMARY-0').textContent).toContain('A goal cannot be negative.');
    expect(preload.inputsOf('campaigns:update')).toEqual([]);

    await wrapper.get('[data-testid="edit-name"] input').setValue('Fine');
    await wrapper.get('[data-testid="edit-goal-OWNED_SUMMARY-0"] input').setValue('100');
    await wrapper.get('[data-testid="edit-goal-OWNED_SUMMARY-0"] input').trigger('blur');
    await wrapper.get('[data-testid="edit-hashtags"] input').setValue('7, 999');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(preload.inputsOf('campaigns:update')).toHaveLength(1);
    expect(fieldOf('edit-hashtags').textContent).toContain('Brand 101 has no hashtag 999.');
    expect(wrapper.get('h1').text()).toBe('Spring launch');
  });
});
