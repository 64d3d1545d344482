import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import {
  inboxCalls,
  type CallOutput,
  type CallResult,
  type InboxItem,
} from '../../../../src/shared/contract/index.ts';
import { giveListsAViewport, installFakeInbox, offline, sampleItem } from '../../helpers/fake-inbox.ts';
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
const tagsShown = (id: number) =>
  rowOf(id)
    .findAll('[data-testid="row-tag"]')
    .map((chip) => Number(chip.attributes('data-tag-id')));
const inPicker = (testId: string) =>
  document.querySelector<HTMLButtonElement>(`[data-testid="tag-picker"] [data-testid="${testId}"]`)!;

/** Opens the tag picker for the selection. */
async function openBulkTags() {
  await wrapper.get('[data-testid="bulk-tags"]').trigger('click');
  await flushPromises();
}
/** Picks these tags in the open tag picker. */
async function pickTags(tagIds: number[]) {
  for (const id of tagIds) {
    document.querySelector<HTMLElement>(`[data-testid="tag-picker-option"][data-tag-id="${id}"]`)!.click();
  }
  await flushPromises();
}

/** Holds the bulk call's answer until the test gives it, to see the rows before it comes. */
function holdBulk(preload: ReturnType<typeof createFakePreload>) {
  let give: (answer: CallResult<CallOutput<'inbox:bulk-update'>>) => void = () => undefined;
  preload.answer('inbox:bulk-update', () => new Promise((resolve) => (give = resolve)));
  return (answer: CallResult<CallOutput<'inbox:bulk-update'>>) => give(answer);
}

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
    await flushPromises();
    // Archived, they left To do; the refused one is put back as it was, and stays.
    expect(wrapper.find('[data-testid="inbox-row"][data-id="1001"]').exists()).toBe(false);
    expect(rowOf(1002).attributes('data-archived')).toBe('no');
  });

  it('the detail pane follows a triage key on the row it shows, and its undo when the service refuses', async () => {
    const { preload, inbox, router } = await openInbox();
    // Were the pane to ask (it should not: the list has the row), these would answer.
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
    // Not a TikTok comment, and the list has it: shown as listed, with no call at all.
    expect(preload.inputsOf('inbox:thread')).toEqual([]);
    expect(preload.inputsOf('inbox:get')).toEqual([]);

    press('e');
    await flushPromises();
    expect(states()).toContain('archived');
    expect(preload.inputsOf('inbox:get')).toEqual([]); // followed, not read
    // Archived, it left To do; the pane keeps it, and says the next one is a key away.
    expect(wrapper.find('[data-testid="inbox-row"][data-id="1001"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="detail-left"]').text()).toBe('No longer in this list. Next item: j');

    // The keys act on the open interaction: e again moves it back to To do, back in its place...
    press('e');
    await flushPromises();
    expect(rowOf(1001).attributes('data-archived')).toBe('no');
    expect(states()).toContain('to-do');
    // ...and where the service refuses to archive it, it is back in the list, row and pane as
    // they were together, and a message says so.
    inbox.state.refuse.add(1001);
    press('e');
    await flushPromises();
    expect(rowOf(1001).attributes('data-archived')).toBe('no');
    expect(states()).toContain('to-do');
    expect(screenText()).toContain('Could not archive');
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
    preload.answer('exports:cancel', () => ({ ok: true, value: { cancelled: true } }));
    await wrapper.get('[data-testid="export"]').trigger('click');
    await flushPromises();
    const [asked] = preload.inputsOf('inbox:export');
    expect(asked).toMatchObject({ brandIds: [101, 102], filter: {} });
    preload.emit('exports:progress', {
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
    expect(preload.inputsOf('exports:cancel')).toEqual([{ id: asked!.id }]);
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
    const shownTypes = wrapper.findAll('[data-testid="inbox-row"]').map((row) => row.attributes('data-type'));
    expect(shownTypes.length).toBeGreaterThan(0);
    expect(new Set(shownTypes)).toEqual(new Set(['TIKTOK_COMMENT']));
    // Shown at once where the list kept that screen, and read again as the person stays on it.
    await expect
      .poll(() => preload.inputsOf('inbox:list').at(-1)?.query.filter, { timeout: 10_000 })
      .toEqual({ types: ['TIKTOK_COMMENT'], archived: false });
  });

  it('says why the saved views could not be read, in words, and reads them again on Retry', async () => {
    const preload = createFakePreload().install();
    const fake = installFakeInbox(preload);
    let down = true;
    preload.answer('inbox:views', () =>
      down
        ? {
            ok: false,
            error: {
              code: 'service_error',
              message: 'upstream_status=502 GET /views',
              wording: 'machine',
              fieldErrors: {},
            },
          }
        : { ok: true, value: { items: fake.views } },
    );
    ({ wrapper } = await mountApp('/inbox'));
    await flushPromises();
    const note = wrapper.get('[data-testid="views-error"]');
    expect(note.text()).toContain('Could not read the saved views.');
    expect(note.text()).toContain('The service ran into a problem.');
    expect(note.text()).not.toContain('upstream_status');

    fake.views.push({ id: 'v1', name: 'Mine', filter: {}, unread: null, createdAt: '2026-11-23T12:00:00Z' });
    down = false;
    await note.get('button').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="views-error"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="saved-view"]').attributes('data-name')).toBe('Mine');
  });

  it('assigns the selected rows from a named dialog: a seen id in one click, or one typed and Enter', async () => {
    const { preload } = await openInbox();
    await rowOf(1000).get('[data-testid="row-select"]').trigger('click');
    await rowOf(1001).get('[data-testid="row-select"]').trigger('click', { shiftKey: true });
    await wrapper.get('[data-testid="bulk-assign"]').trigger('click');
    await flushPromises();
    const dialog = document.querySelector<HTMLElement>('[role="dialog"][data-testid="assign-picker"]')!;
    expect(dialog.getAttribute('aria-label')).toBe('Assign the selected rows');
    const seen = [...dialog.querySelectorAll<HTMLElement>('[data-testid="assign-seen"]')];
    expect(seen.map((button) => button.textContent!.trim())).toEqual(['User 7']);
    seen[0]!.click();
    await flushPromises();
    expect(preload.inputsOf('inbox:bulk-update').at(-1)).toMatchObject({
      target: { ids: [1000, 1001] },
      change: { assigneeId: 7 },
    });

    // The selection is done with; the next is assigned by a typed id.
    await wrapper.get('[data-testid="bulk-dismiss"]').trigger('click');
    await rowOf(1002).get('[data-testid="row-select"]').trigger('click');
    await wrapper.get('[data-testid="bulk-assign"]').trigger('click');
    await flushPromises();
    const field = document.querySelector<HTMLInputElement>('[data-testid="assign-id"] input')!;
    field.value = 'abc';
    field.dispatchEvent(new Event('input'));
    await flushPromises();
    expect(
      document.querySelector('[data-testid="assign-picker"] [data-testid="picker-error"]')!.textContent,
    ).toContain('Nobody by that name yet: type their user id, then name them.');
    field.value = '42';
    field.dispatchEvent(new Event('input'));
    await flushPromises();
    field.closest('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await flushPromises();
    expect(preload.inputsOf('inbox:bulk-update').at(-1)).toMatchObject({
      target: { ids: [1002] },
      change: { assigneeId: 42 },
    });
  });

  it('adds a tag to each selected row at once, keeping its own, and puts back the rows refused', async () => {
    const { preload, inbox } = await openInbox();
    const answer = holdBulk(preload);
    await rowOf(1000).get('[data-testid="row-select"]').trigger('click');
    await rowOf(1002).get('[data-testid="row-select"]').trigger('click', { shiftKey: true });
    expect([1000, 1001, 1002].map(tagsShown)).toEqual([[1], [3], [1]]);

    await openBulkTags();
    await pickTags([2]);
    inPicker('tag-picker-add').click();
    await flushPromises();
    const [input] = preload.inputsOf('inbox:bulk-update');
    expect(input).toMatchObject({ target: { ids: [1000, 1001, 1002] }, change: { addTagIds: [2] } });
    expect(inboxCalls['inbox:bulk-update'].input.safeParse(input).success).toBe(true);
    // Before the service answers, each row shows its own tags and the one added.
    expect([1000, 1001, 1002].map(tagsShown)).toEqual([
      [1, 2],
      [3, 2],
      [1, 2],
    ]);
    expect(wrapper.get('[data-testid="bulk-running"]').text()).toContain('Add tags');

    const withPraise = (item: InboxItem) => ({ ...item, tag_ids: [...(item.tag_ids ?? []), 2] });
    answer({
      ok: true,
      value: {
        updated: [withPraise(inbox.items[0]!), withPraise(inbox.items[2]!)],
        failed: [
          {
            id: 1001,
            error: { code: 'invalid_input', message: 'Not tags of brand 102: 2.', fieldErrors: {} },
          },
        ],
      },
    });
    await flushPromises();
    expect(wrapper.get('[data-testid="bulk-result"]').text()).toBe('Done: 2 changed, 1 failed');
    expect(wrapper.get('[data-testid="bulk-failed"]').text()).toContain('#1001: Not tags of brand 102: 2.');
    // The refused row is back to its own tags; the others keep theirs and the new one.
    expect([1000, 1001, 1002].map(tagsShown)).toEqual([[1, 2], [3], [1, 2]]);
  });

  it('removes a tag from each selected row at once, and puts every row back when the action fails', async () => {
    const items = [
      sampleItem(0, { tag_ids: [1, 2] }),
      sampleItem(1, { tag_ids: [3] }),
      sampleItem(2, { tag_ids: [2] }),
      ...Array.from({ length: 10 }, (_, n) => sampleItem(n + 3)),
    ];
    const { preload } = await openInbox({ items });
    const answer = holdBulk(preload);
    await rowOf(1000).get('[data-testid="row-select"]').trigger('click');
    await rowOf(1002).get('[data-testid="row-select"]').trigger('click', { shiftKey: true });

    await openBulkTags();
    // Nothing is picked for the selection to begin with, and there is nothing to do yet.
    expect(document.querySelector('[data-testid="tag-picker"]')!.textContent).toContain(
      'Every other tag stays',
    );
    expect(inPicker('tag-picker-add').disabled).toBe(true);
    expect(inPicker('tag-picker-remove').disabled).toBe(true);
    await pickTags([2]);
    inPicker('tag-picker-remove').click();
    await flushPromises();
    expect(preload.inputsOf('inbox:bulk-update')[0]).toMatchObject({ change: { removeTagIds: [2] } });
    expect([1000, 1001, 1002].map(tagsShown)).toEqual([[1], [3], []]);

    answer({ ok: false, error: offline });
    await flushPromises();
    expect([1000, 1001, 1002].map(tagsShown)).toEqual([[1, 2], [3], [2]]);
    expect(screenText()).toContain('Could not remove tags');
  });
});
