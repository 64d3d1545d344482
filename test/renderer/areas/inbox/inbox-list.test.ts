import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { giveListsAViewport, installFakeInbox, offline } from '../../helpers/fake-inbox.ts';
import { createFakePreload } from '../../helpers/fake-preload.ts';
import { freshPageForEachTest, mountApp } from '../../helpers/mount-app.ts';
import { INBOX_FIRST_ROWS } from '../../../../src/renderer/src/areas/inbox/inbox-store.ts';

freshPageForEachTest();
giveListsAViewport();

let wrapper: VueWrapper;

async function openInbox(
  init: Parameters<typeof installFakeInbox>[1] = {},
  before?: (fake: ReturnType<typeof installFakeInbox>) => void,
) {
  const preload = createFakePreload().install();
  const inbox = installFakeInbox(preload, init);
  before?.(inbox);
  // Each list request with the number of rows on screen when it was made: what the list asks
  // for before and after its first rows are drawn, however fast the machine runs.
  const asked: { offset?: number; limit?: number; rowsDrawn: number }[] = [];
  const list = preload.api['inbox:list'];
  preload.api['inbox:list'] = (input) => {
    asked.push({ ...input, rowsDrawn: document.querySelectorAll('[data-testid="inbox-row"]').length });
    return list(input);
  };
  ({ wrapper } = await mountApp('/inbox'));
  await flushPromises();
  // The rest of a first page longer than a screenful is asked for once its first rows have
  // stayed on screen a moment (REST_PAUSE_MS).
  if ((init.count ?? 0) > INBOX_FIRST_ROWS && !inbox.state.down)
    await vi.waitFor(() => expect(asked).toHaveLength(2), { timeout: 10_000 });
  await flushPromises();
  return { preload, inbox, asked };
}

/** Scrolls the list to a row (73 px a row, the list's estimate, in these tests) and lets the pages answer. */
async function scrollToRow(index: number) {
  const list = document.querySelector<HTMLElement>('[data-testid="virtual-list"]')!;
  list.scrollTop = index * 73;
  list.dispatchEvent(new Event('scroll'));
  await flushPromises();
}

const listOffsets = (preload: ReturnType<typeof createFakePreload>) =>
  preload.inputsOf('inbox:list').map((input) => input.offset);

describe('the inbox list, page by page', () => {
  it('reads only the pages in view, as they come into view', async () => {
    const { preload, asked } = await openInbox({ count: 450 });
    // The first page: a screenful first, with nothing drawn yet (its rows show sooner), then,
    // only once they are drawn and stayed a moment, the rest of it.
    expect(asked.map(({ offset, limit }) => [offset, limit])).toEqual([
      [0, INBOX_FIRST_ROWS],
      [INBOX_FIRST_ROWS, 100 - INBOX_FIRST_ROWS],
    ]);
    expect(asked[0]!.rowsDrawn).toBe(0);
    expect(asked[1]!.rowsDrawn).toBeGreaterThan(0);
    expect(wrapper.get('[data-testid="page-subtitle"]').text()).toContain('450 interactions');
    await scrollToRow(310);
    expect(listOffsets(preload)).toContain(300);
    expect(listOffsets(preload)).not.toContain(100);
    expect(document.querySelector('[data-testid="inbox-row"][data-id="1310"]')).not.toBeNull();
  });

  it('forgets pages far from view (memory stays bounded) and reads them again when scrolled back', async () => {
    const { preload } = await openInbox({ count: 3000 });
    await scrollToRow(2500);
    expect(document.querySelector('[data-testid="inbox-row"][data-id="3500"]')).not.toBeNull();
    expect(listOffsets(preload).filter((offset) => offset === 0)).toHaveLength(1);
    await scrollToRow(0);
    // Page 0 was more than ten pages away: read again; its rows are back.
    expect(listOffsets(preload).filter((offset) => offset === 0)).toHaveLength(2);
    expect(document.querySelector('[data-testid="inbox-row"][data-id="1000"]')).not.toBeNull();
    // Back down: the page at row 2500 was forgotten the same way, and is read again.
    await scrollToRow(2500);
    expect(listOffsets(preload).filter((offset) => offset === 2500)).toHaveLength(2);
  });

  it('a filter change keeps the rows on screen, marked busy, until the new rows come, then shows them from the top', async () => {
    const { inbox } = await openInbox({ count: 450 });
    await scrollToRow(150);
    let answer!: () => void;
    inbox.state.held = new Promise((resolve) => (answer = resolve));
    await wrapper.get('[data-testid="type-entry"][data-type="TIKTOK_COMMENT"]').trigger('click');
    await flushPromises();
    // Still the rows of before, no skeleton and no blank list in between.
    const list = wrapper.get('[data-testid="inbox-list"]');
    expect(wrapper.find('[data-testid="state-loading"]').exists()).toBe(false);
    expect(document.querySelector('[data-testid="inbox-row"][data-id="1150"]')).not.toBeNull();
    // The line along the top, and the list said busy, only once the new rows take more than a
    // moment: a quick change draws nothing for it.
    expect(list.classes()).not.toContain('slow');
    expect(list.attributes('aria-busy')).toBeUndefined();
    await vi.waitFor(() => expect(list.classes()).toContain('slow'));
    expect(list.attributes('aria-busy')).toBe('true');

    answer();
    await flushPromises();
    expect(list.attributes('aria-busy')).toBeUndefined();
    const rows = wrapper.findAll('[data-testid="inbox-row"]');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.attributes('data-type') === 'TIKTOK_COMMENT')).toBe(true);
    // The new list from its top: its first row (id 1000, the newest TikTok comment) is shown.
    expect(rows[0]!.attributes('data-id')).toBe('1000');
    expect(document.querySelector<HTMLElement>('[data-testid="virtual-list"]')!.scrollTop).toBe(0);
  });

  it('shows a failed page in place with its own Retry, the rest still working', async () => {
    const { inbox } = await openInbox({ count: 450 }, (fake) => {
      fake.state.failing.set(200, { code: 'service_error', message: 'The service failed.', fieldErrors: {} });
    });
    // Rows 197 to 205 or so in view: the end of the second page and the start of the third.
    await scrollToRow(197);
    const failed = wrapper.get('[data-testid="page-error"]');
    expect(failed.text()).toContain('Rows 201–300 could not be loaded.');
    expect(failed.text()).toContain('The service failed.');
    expect(wrapper.findAll('[data-testid="row-placeholder"]').length).toBeGreaterThan(0);
    // Rows of the page before, in view too, are there.
    expect(document.querySelector('[data-testid="inbox-row"][data-id="1199"]')).not.toBeNull();

    inbox.state.failing.clear();
    await wrapper.get('[data-testid="page-retry"]').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="page-error"]').exists()).toBe(false);
    expect(document.querySelector('[data-testid="inbox-row"][data-id="1205"]')).not.toBeNull();
  });

  it('while the brands are still being read: never "No brand chosen", then the rows', async () => {
    const preload = createFakePreload().install();
    installFakeInbox(preload, { count: 20 });
    // The brands' answer held back, as a slow start-up would have it.
    let answerBrands = () => {};
    const held = new Promise<void>((resolve) => (answerBrands = resolve));
    preload.answer('brands:get', async () => {
      await held;
      return { ok: true, value: { available: [101, 102], selected: [101, 102] } };
    });
    ({ wrapper } = await mountApp('/inbox'));
    await flushPromises();
    expect(wrapper.text()).not.toContain('No brand chosen');
    // The app draws no area before it knows the brands every area works on.
    expect(wrapper.find('[data-testid="app-starting"]').exists()).toBe(true);

    answerBrands();
    await flushPromises();
    expect(wrapper.findAll('[data-testid="inbox-row"]').length).toBeGreaterThan(0);
  });

  it('when the whole list fails: what failed and a Retry, instead of an empty list', async () => {
    const { inbox } = await openInbox({ count: 20 }, (fake) => {
      fake.state.failing.set(0, { code: 'service_error', message: 'The service failed.', fieldErrors: {} });
    });
    expect(wrapper.get('[data-testid="state-error"]').text()).toContain('Could not load the interactions');
    inbox.state.failing.clear();
    await wrapper.get('[data-testid="retry"]').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="state-error"]').exists()).toBe(false);
    expect(wrapper.findAll('[data-testid="inbox-row"]').length).toBeGreaterThan(0);
  });

  it('offline as the filter changes: the rows read before stay, the subtitle says their count, and the new list comes with the service', async () => {
    const { preload, inbox } = await openInbox({ count: 60 });
    const shown = () =>
      [...document.querySelectorAll('[data-testid="inbox-row"]')].map((r) => r.getAttribute('data-id'));
    const before = shown();
    inbox.state.down = offline;
    await wrapper.get('[data-testid="type-entry"][data-type="TIKTOK_COMMENT"]').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="offline-note"]').exists()).toBe(true);
    expect(wrapper.get('[data-testid="connection-label"]').text()).toBe('Offline');
    expect(shown()).toEqual(before);
    expect(wrapper.get('[data-testid="page-subtitle"]').text()).toContain('60 interactions');
    // Not marked busy (nothing is on its way): read as they are, at full contrast.
    expect(wrapper.get('.inbox-list').attributes('aria-busy')).toBeUndefined();

    inbox.state.down = null;
    preload.emit('service:connection', { state: 'online', since: Date.now() });
    await flushPromises();
    expect(wrapper.find('[data-testid="offline-note"]').exists()).toBe(false);
    const tiktok = inbox.items.filter((item) => item.type === 'TIKTOK_COMMENT').length;
    expect(wrapper.get('[data-testid="page-subtitle"]').text()).toContain(`${tiktok} interactions`);
    expect(shown()).not.toEqual(before);
  });

  it('opened while the service cannot be reached: says so, and the subtitle does not stay on Loading…', async () => {
    await openInbox({ count: 20 }, (fake) => (fake.state.down = offline));
    expect(wrapper.find('[data-testid="offline-note"]').exists()).toBe(true);
    const subtitle = wrapper.find('[data-testid="page-subtitle"]');
    expect(subtitle.exists() ? subtitle.text() : '').not.toContain('Loading');
  });

  it('offline: keeps its rows, says since when, and refreshes by itself when the service answers again', async () => {
    const { preload, inbox } = await openInbox({ count: 450 });
    inbox.state.down = offline;
    await scrollToRow(210);
    const note = wrapper.get('[data-testid="offline-note"]');
    expect(note.text()).toMatch(/Offline since \d{1,2}:\d{2}/);
    // The side bar says the same as the inbox: one connection state for the whole app.
    const sideBar = () => wrapper.get('[data-testid="connection-indicator"]');
    expect(sideBar().get('[data-testid="connection-label"]').text()).toBe('Offline');
    await scrollToRow(0);
    expect(document.querySelector('[data-testid="inbox-row"][data-id="1000"]')).not.toBeNull();

    // The service is back: another request of the app finds it, and the list reads its pages again.
    inbox.state.down = null;
    inbox.items[0] = { ...inbox.items[0]!, text: 'Edited while we were away' };
    preload.emit('service:connection', { state: 'online', since: Date.now() });
    await flushPromises();
    expect(wrapper.find('[data-testid="offline-note"]').exists()).toBe(false);
    expect(sideBar().get('[data-testid="connection-label"]').text()).toBe('Online');
    expect(document.querySelector('[data-testid="inbox-row"][data-id="1000"]')!.textContent).toContain(
      'Edited while we were away',
    );
  });
});
