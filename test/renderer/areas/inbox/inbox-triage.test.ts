import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { CallOutput, CallResult } from '../../../../src/shared/contract/index.ts';
import { giveListsAViewport, installFakeInbox } from '../../helpers/fake-inbox.ts';
import { createFakePreload } from '../../helpers/fake-preload.ts';
import { arrivedAt, freshPageForEachTest, mountApp, screenText } from '../../helpers/mount-app.ts';

freshPageForEachTest();
giveListsAViewport();

let wrapper: VueWrapper;

async function openInbox(init: Parameters<typeof installFakeInbox>[1] = {}) {
  const preload = createFakePreload().install();
  const inbox = installFakeInbox(preload, init);
  const mounted = await mountApp('/inbox');
  wrapper = mounted.wrapper;
  await flushPromises();
  return { preload, inbox, router: mounted.router };
}

const rowOf = (id: number) => wrapper.get(`[data-testid="inbox-row"][data-id="${id}"]`);
const press = (key: string) =>
  document.body.dispatchEvent(
    new KeyboardEvent('keydown', { key, code: `Key${key.toUpperCase()}`, bubbles: true }),
  );

describe('triage and bulk actions', () => {
  it('hides the triage controls, with the service’s note, where the service cannot triage', async () => {
    const { preload } = await openInbox({ triage: false });
    expect(wrapper.get('[data-testid="triage-note"]').text()).toBe(
      'This service does not let Socialdesk change interactions.',
    );
    expect(wrapper.find('[data-testid="row-select"]').exists()).toBe(false);
    press('r');
    press('x');
    await flushPromises();
    expect(preload.inputsOf('inbox:update')).toEqual([]);
    expect(wrapper.find('[data-testid="bulk-bar"]').exists()).toBe(false);
  });

  it('selects a run with shift-click and archives it in bulk, listing those that failed', async () => {
    const { preload, inbox } = await openInbox();
    inbox.state.refuse.add(1002);
    await rowOf(1000).get('[data-testid="row-select"]').trigger('click');
    await rowOf(1003).get('[data-testid="row-select"]').trigger('click', { shiftKey: true });
    expect(wrapper.get('[data-testid="bulk-count"]').text()).toBe('4 selected');

    await wrapper.get('[data-testid="bulk-archive"]').trigger('click');
    await flushPromises();
    const [input] = preload.inputsOf('inbox:bulk-update');
    expect(input).toMatchObject({ target: { ids: [1000, 1001, 1002, 1003] }, change: { archived: true } });
    expect(wrapper.get('[data-testid="bulk-result"]').text()).toBe('Done: 3 changed, 1 failed');
    expect(wrapper.get('[data-testid="bulk-failed"]').text()).toContain('#1002: The service failed.');
    expect(rowOf(1001).attributes('data-archived')).toBe('yes');
    // The refused one is put back as it was.
    expect(rowOf(1002).attributes('data-archived')).toBe('no');
  });

  it('the detail pane follows a triage key on the row it shows, and its undo when the service refuses', async () => {
    const { preload, inbox, router } = await openInbox();
    // Not a TikTok comment: the pane reads the interaction itself.
    preload.answer('inbox:thread', () => ({
      ok: false,
      error: { code: 'not_found', message: 'Not a TikTok comment.', fieldErrors: {} },
    }));
    preload.answer('inbox:get', ({ id }) => ({
      ok: true,
      value: inbox.items.find((item) => item.id === id)!,
    }));
    await rowOf(1001).trigger('click');
    await arrivedAt(router, 'inbox-detail');
    for (let round = 0; round < 3; round++) await flushPromises();
    const states = () =>
      wrapper
        .findAll('[data-testid="inbox-detail"] [data-testid="states"] [data-state]')
        .map((state) => state.attributes('data-state'));
    expect(states()).toContain('read');
    expect(states()).not.toContain('archived');

    press('e');
    await flushPromises();
    expect(states()).toContain('archived');
    expect(preload.inputsOf('inbox:get')).toHaveLength(1); // followed, not read again

    inbox.state.refuse.add(1001);
    press('e');
    await flushPromises();
    // Unarchiving was refused: row and pane are back to archived together.
    expect(rowOf(1001).attributes('data-archived')).toBe('yes');
    expect(states()).toContain('archived');
  });

  it('selects every row matching the filter, and sends the filter rather than ids', async () => {
    const { preload } = await openInbox({ count: 30 });
    await rowOf(1000).get('[data-testid="row-select"]').trigger('click');
    await wrapper.get('[data-testid="bulk-select-all"]').trigger('click');
    expect(wrapper.get('[data-testid="bulk-count"]').text()).toBe('All 30 matching selected');
    await wrapper.get('[data-testid="bulk-read"]').trigger('click');
    await flushPromises();
    expect(preload.inputsOf('inbox:bulk-update')[0]).toMatchObject({
      target: { filter: {} },
      change: { read: true },
    });
    expect(wrapper.get('[data-testid="bulk-result"]').text()).toBe('Done: 30 changed');
  });

  it('exports the filtered list with its progress, and stops it by its id', async () => {
    const { preload } = await openInbox();
    let finish: (answer: CallResult<CallOutput<'inbox:export'>>) => void = () => undefined;
    preload.answer('inbox:export', () => new Promise((resolve) => (finish = resolve)));
    preload.answer('reports:cancel-export', () => ({ ok: true, value: { cancelled: true } }));
    await wrapper.get('[data-testid="export"]').trigger('click');
    await flushPromises();
    const [asked] = preload.inputsOf('inbox:export');
    expect(asked).toMatchObject({ brandIds: [101, 102], filter: {} });
    preload.emit('reports:progress', {
      id: asked!.id,
      state: 'running',
      bytes: 2048,
      rows: 1200,
      fileName: 'inbox.csv',
    });
    await flushPromises();
    expect(wrapper.get('[data-testid="export-progress"]').text()).toContain('1,200 rows');

    await wrapper.get('[data-testid="export-cancel"]').trigger('click');
    await flushPromises();
    expect(preload.inputsOf('reports:cancel-export')).toEqual([{ id: asked!.id }]);
    finish({ ok: false, error: { code: 'cancelled', message: 'Stopped.', fieldErrors: {} } });
    await flushPromises();
    expect(wrapper.find('[data-testid="export-progress"]').exists()).toBe(false);
    expect(screenText()).not.toContain('Could not export');
  });

  it('saves the filters as a view, and opens it in one click', async () => {
    const { preload } = await openInbox();
    await wrapper.get('[data-testid="type-entry"][data-type="TIKTOK_COMMENT"]').trigger('click');
    await flushPromises();
    await wrapper.get('[data-testid="save-view"]').trigger('click');
    await flushPromises();
    const name = document.querySelector<HTMLInputElement>('[data-testid="view-name"] input')!;
    name.value = 'TikTok';
    name.dispatchEvent(new Event('input'));
    document
      .querySelector<HTMLFormElement>('[data-testid="name-dialog"] form')!
      .dispatchEvent(new Event('submit'));
    await flushPromises();
    expect(preload.inputsOf('inbox:save-view')).toEqual([
      { name: 'TikTok', filter: { types: ['TIKTOK_COMMENT'] } },
    ]);
    const view = wrapper.get('[data-testid="saved-view"][data-name="TikTok"]');
    expect(view.classes()).toContain('active');

    await wrapper.get('[data-testid="type-all"]').trigger('click');
    await flushPromises();
    expect(wrapper.get('[data-testid="saved-view"]').classes()).not.toContain('active');
    await wrapper.get('[data-testid="view-open"]').trigger('click');
    await flushPromises();
    expect(preload.inputsOf('inbox:list').at(-1)?.query.filter).toEqual({ types: ['TIKTOK_COMMENT'] });
  });
});
