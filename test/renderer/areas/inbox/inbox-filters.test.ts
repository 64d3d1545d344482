import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { Router } from 'vue-router';
import { filterKey } from '../../../../src/renderer/src/areas/inbox/inbox-query.ts';
import { useInboxStore } from '../../../../src/renderer/src/areas/inbox/inbox-store.ts';
import { INBOX_SEARCH_MAX, type InboxFilter } from '../../../../src/shared/contract/index.ts';
import { giveListsAViewport, installFakeInbox } from '../../helpers/fake-inbox.ts';
import { createFakePreload } from '../../helpers/fake-preload.ts';
import { freshPageForEachTest, mountApp } from '../../helpers/mount-app.ts';
import { addressCaughtUp } from '../../helpers/address.ts';

freshPageForEachTest();
giveListsAViewport();

const everyField: InboxFilter = {
  types: ['TIKTOK_COMMENT', 'FACEBOOK_ADS_COMMENT'],
  tagIds: [1, 3],
  tagNames: ['Spam', 'Size, fit & 100%'],
  read: false,
  archived: true,
  followUp: false,
  sentiment: 'negative',
  question: true,
  assigneeId: 7,
  ticketId: 'ZD-12',
  mediaIds: [55, 56],
  text: 'late, refund',
  keywordList: true,
  mustIncludeText: true,
  from: '2026-11-01T00:00:00.000Z',
  to: '2026-11-23T23:59:59.000Z',
  messageDates: true,
  sort: 'RELEVANCE',
};

async function openInbox(path: string) {
  const preload = createFakePreload().install();
  const inbox = installFakeInbox(preload);
  const { wrapper, router } = await mountApp(path);
  await flushPromises();
  return { preload, inbox, wrapper, router };
}

/** The filter the list was last asked with; it always says its side, To do unless Archived. */
const lastFilter = (preload: ReturnType<typeof createFakePreload>) =>
  preload.inputsOf('inbox:list').at(-1)?.query.filter;
const toDo = { archived: false } as const;

/** Long enough for a kept first screen's list to be read again (REST_PAUSE_MS), on a busy machine too. */
const pauseOver = { timeout: 10_000 };

async function settle(router: Router) {
  await router.isReady();
  await addressCaughtUp(router);
}

describe('the inbox filter in the address', () => {
  it('round-trips every field of the filter through the address', async () => {
    const address = filterKey(everyField);
    expect(Object.fromEntries(new URLSearchParams(address))).toMatchObject({
      type: 'TIKTOK_COMMENT,FACEBOOK_ADS_COMMENT',
      tags: '1,3',
      read: 'no',
      q: 'late, refund',
    });
    // A copied link opens the same list.
    const { preload } = await openInbox(`/inbox?${address}`);
    expect(lastFilter(preload)).toEqual(everyField);
  });

  it('drops values an edited or old link gets wrong, and keeps the rest', async () => {
    const { preload } = await openInbox(
      '/inbox?type=TIKTOK_COMMENT,NOPE&tags=1,x&read=maybe&sentiment=angry&q=ok&assignee=-3',
    );
    expect(lastFilter(preload)).toEqual({ text: 'ok', ...toDo });
  });

  it('leaves query names it does not own alone', async () => {
    const { wrapper, router } = await openInbox('/inbox?tab=x&type=TIKTOK_COMMENT');
    await wrapper.get('[data-testid="type-entry"][data-type="INSTAGRAM_COMMENT"]').trigger('click');
    await settle(router);
    expect(router.currentRoute.value.query).toEqual({ tab: 'x', type: 'TIKTOK_COMMENT,INSTAGRAM_COMMENT' });
    await wrapper.get('[data-testid="filter-clear"]').trigger('click');
    await settle(router);
    expect(router.currentRoute.value.query).toEqual({ tab: 'x' });
  });
});

describe('the inbox screen and its address', () => {
  it('a filter change starts reading the new rows on the click, before the address has caught up', async () => {
    const { preload, wrapper, router } = await openInbox('/inbox');
    // The router's navigation held back, as a slow one would be.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const stopHolding = router.beforeEach(() => held);
    await wrapper.get('[data-testid="type-entry"][data-type="TIKTOK_COMMENT"]').trigger('click');
    await flushPromises();
    expect(router.currentRoute.value.query).toEqual({});
    expect(lastFilter(preload)).toEqual({ types: ['TIKTOK_COMMENT'], ...toDo });

    release();
    stopHolding();
    await settle(router);
    expect(router.currentRoute.value.query).toEqual({ type: 'TIKTOK_COMMENT' });
    // The address catching up is not a new list: its first rows were asked for once.
    const firstRowsAsked = preload
      .inputsOf('inbox:list')
      .filter((input) => input.offset === 0 && input.query.filter.types?.[0] === 'TIKTOK_COMMENT');
    expect(firstRowsAsked).toHaveLength(1);
  });

  it('reads the filter from the address, writes changes back, and back/forward and a reload keep it', async () => {
    const { preload, wrapper, router } = await openInbox('/inbox?type=TIKTOK_COMMENT&read=no');
    expect(lastFilter(preload)).toEqual({ types: ['TIKTOK_COMMENT'], read: false, ...toDo });
    const entry = (type: string) => wrapper.get(`[data-testid="type-entry"][data-type="${type}"]`);
    expect(entry('TIKTOK_COMMENT').attributes('aria-pressed')).toBe('true');

    const countsRead = preload.inputsOf('inbox:unread-counts').length;
    await entry('INSTAGRAM_COMMENT').trigger('click');
    await settle(router);
    expect(router.currentRoute.value.query).toEqual({ type: 'TIKTOK_COMMENT,INSTAGRAM_COMMENT', read: 'no' });
    // The unread counts depend on the brands and dates only: not read again for a type.
    expect(preload.inputsOf('inbox:unread-counts')).toHaveLength(countsRead);
    expect(lastFilter(preload)).toEqual({
      types: ['TIKTOK_COMMENT', 'INSTAGRAM_COMMENT'],
      read: false,
      ...toDo,
    });
    expect(
      wrapper
        .findAll('[data-testid="inbox-row"]')
        .every((row) => ['TIKTOK_COMMENT', 'INSTAGRAM_COMMENT'].includes(row.attributes('data-type')!)),
    ).toBe(true);

    const arrived = new Promise<void>((resolve) => router.afterEach(() => resolve()));
    router.back();
    await arrived;
    await settle(router);
    expect(router.currentRoute.value.query).toEqual({ type: 'TIKTOK_COMMENT', read: 'no' });
    // Shown at once from the list's kept first screen, then read again (see keepScreens).
    await expect
      .poll(() => lastFilter(preload), pauseOver)
      .toEqual({ types: ['TIKTOK_COMMENT'], read: false, ...toDo });

    // A reload: a new app on the same address asks for the same list.
    const address = router.currentRoute.value.fullPath;
    (wrapper as VueWrapper).unmount();
    const again = await openInbox(address);
    expect(lastFilter(again.preload)).toEqual({ types: ['TIKTOK_COMMENT'], read: false, ...toDo });
    expect(again.wrapper.get('[data-testid="filter-read"]').text()).toContain('Unread');
  });

  it('clears the filters from the address in one go', async () => {
    const { preload, wrapper, router } = await openInbox('/inbox?q=refund&followup=yes&sort=RELEVANCE');
    expect(lastFilter(preload)).toEqual({ text: 'refund', followUp: true, sort: 'RELEVANCE', ...toDo });
    expect(wrapper.get('[data-testid="filter-clear"]').classes()).not.toContain('unused');
    await wrapper.get('[data-testid="filter-clear"]').trigger('click');
    await settle(router);
    expect(router.currentRoute.value.query).toEqual({});
    expect(lastFilter(preload)).toEqual(toDo);
    // Nothing left to clear: the button keeps its place (the bar does not move) but is hidden.
    expect(wrapper.get('[data-testid="filter-clear"]').classes()).toContain('unused');
  });

  it('leaves To do or Archived to the header: the bar has no archive filter, and Clear keeps the side', async () => {
    const { preload, wrapper, router } = await openInbox('/inbox?archived=yes&followup=yes');
    expect(lastFilter(preload)).toEqual({ archived: true, followUp: true });
    await wrapper.get('[data-testid="filter-more"]').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="filter-archived"]').exists()).toBe(false);
    // Follow-up is the one filter on: the header's side is not counted as one.
    expect(wrapper.get('[data-testid="filter-more-count"]').text()).toBe('1');

    await wrapper.get('[data-testid="filter-clear"]').trigger('click');
    await settle(router);
    expect(router.currentRoute.value.query).toEqual({ archived: 'yes' });
    await expect.poll(() => lastFilter(preload), pauseOver).toEqual({ archived: true });
    expect(wrapper.get('[data-testid="side-archived"] input').element).toHaveProperty('checked', true);
    // The side alone leaves nothing for the bar to clear.
    expect(wrapper.get('[data-testid="filter-clear"]').classes()).toContain('unused');
  });

  it('says the search limit at the field, and never sends a longer search nor hides Clear', async () => {
    const { preload, wrapper, router } = await openInbox('/inbox');
    const field = wrapper.get('[data-testid="filter-text"] input');
    const hint = () => wrapper.get('[data-testid="filter-text-hint"]');
    expect(field.attributes('aria-describedby')).toBe(hint().attributes('id'));
    expect(hint().text()).toContain(`Search up to ${INBOX_SEARCH_MAX} characters`);

    const asked = preload.inputsOf('inbox:list').length;
    await field.setValue('refund '.repeat(80));
    await field.trigger('keydown', { key: 'Enter' });
    await settle(router);
    // Not sent: the list keeps what it showed, and the field says why, in words.
    expect(
      preload
        .inputsOf('inbox:list')
        .slice(asked)
        .some((input) => input.query.filter.text),
    ).toBe(false);
    expect(router.currentRoute.value.query.q).toBeUndefined();
    expect(field.attributes('aria-invalid')).toBe('true');
    expect(hint().classes()).toContain('shown');
    expect(hint().text()).toBe(
      `Search up to ${INBOX_SEARCH_MAX} characters: this one has 559, so the list still shows the last search.`,
    );
    expect(wrapper.get('[data-testid="filter-clear"]').classes()).not.toContain('unused');

    // Shortened to the limit, it is sent; Clear empties the field too.
    await field.setValue('r'.repeat(INBOX_SEARCH_MAX));
    await field.trigger('keydown', { key: 'Enter' });
    await settle(router);
    expect(lastFilter(preload)).toEqual({ text: 'r'.repeat(INBOX_SEARCH_MAX), ...toDo });
    await wrapper.get('[data-testid="filter-clear"]').trigger('click');
    await settle(router);
    await expect.poll(() => lastFilter(preload), pauseOver).toEqual(toDo);
    expect((field.element as HTMLInputElement).value).toBe('');
  });
});

describe('the filter while the router catches up', () => {
  it('stays the same object when the address written on the click comes back: nothing is drawn twice', async () => {
    const { wrapper, router } = await openInbox('/inbox');
    const inbox = useInboxStore();
    await wrapper.get('[data-testid="type-entry"][data-type="TIKTOK_COMMENT"]').trigger('click');
    // Taken on the click, before the router wrote the address.
    const onClick = inbox.filter;
    expect(onClick.types).toEqual(['TIKTOK_COMMENT']);
    await settle(router);
    expect(router.currentRoute.value.query.type).toBe('TIKTOK_COMMENT');
    expect(inbox.filter).toBe(onClick);
  });
});
