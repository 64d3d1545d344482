import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { describe, expect, it, vi } from 'vitest';
import { effectScope } from 'vue';
import { useKeyRegistry, useKeys } from '../../../../src/renderer/src/app/keys/key-registry.ts';
import { giveListsAViewport, installFakeInbox } from '../../helpers/fake-inbox.ts';
import { createFakePreload } from '../../helpers/fake-preload.ts';
import { arrivedAt, freshPageForEachTest, mountApp, screenText } from '../../helpers/mount-app.ts';

freshPageForEachTest();
giveListsAViewport();

let wrapper: VueWrapper;

function press(key: string, target: EventTarget = document.body, init: KeyboardEventInit = {}) {
  const code = key.length === 1 ? `Key${key.toUpperCase()}` : key;
  target.dispatchEvent(new KeyboardEvent('keydown', { key, code, bubbles: true, cancelable: true, ...init }));
}

async function keys(...sequence: string[]) {
  for (const key of sequence) press(key);
  await flushPromises();
}

async function openInbox(path = '/inbox') {
  const preload = createFakePreload().install();
  const inbox = installFakeInbox(preload);
  const mounted = await mountApp(path);
  wrapper = mounted.wrapper;
  await flushPromises();
  return { preload, inbox, router: mounted.router };
}

const highlightedId = () =>
  document.querySelector('[data-testid="inbox-row"][aria-current="true"]')?.getAttribute('data-id');
const row = (id: number) => document.querySelector(`[data-testid="inbox-row"][data-id="${id}"]`)!;
const unreadOf = (type: string) =>
  document.querySelector(`[data-testid="type-entry"][data-type="${type}"] [data-testid="unread-count"]`)
    ?.textContent;

describe('the key registry', () => {
  it('runs the handler registered last, and gives the key back when it goes', () => {
    setActivePinia(createPinia());
    const registry = useKeyRegistry();
    const calls: string[] = [];
    const list = effectScope();
    list.run(() => useKeys({ close: () => calls.push('list'), next: () => calls.push('next') }));
    const pane = effectScope();
    pane.run(() => useKeys({ close: () => calls.push('pane') }));
    expect(registry.run('close')).toBe(true);
    pane.stop();
    expect(registry.run('close')).toBe(true);
    expect(registry.run('next')).toBe(true);
    list.stop();
    expect(registry.run('close')).toBe(false);
    expect(calls).toEqual(['pane', 'list', 'next']);
    expect(registry.active.size).toBe(0);
  });

  it('binds the keys once, on the window, however many screens register', async () => {
    const adding = vi.spyOn(window, 'addEventListener');
    await openInbox();
    const keydowns = adding.mock.calls.filter(([type]) => type === 'keydown');
    expect(keydowns).toHaveLength(1);
  });
});

describe('the inbox from the keyboard', () => {
  it('moves with j and k, opens with Enter and closes with Esc, keeping the filter', async () => {
    const { router } = await openInbox('/inbox?followup=no');
    const first = [...document.querySelectorAll('[data-testid="inbox-row"]')].map((r) =>
      r.getAttribute('data-id'),
    );
    expect(highlightedId()).toBe(first[0]);
    await keys('j', 'j', 'k');
    expect(highlightedId()).toBe(first[1]);

    const opened = arrivedAt(router, 'inbox-detail');
    await keys('Enter');
    await opened;
    expect(router.currentRoute.value.params.id).toBe(first[1]);
    expect(router.currentRoute.value.query).toEqual({ followup: 'no' });

    const closed = arrivedAt(router, 'inbox');
    await keys('Escape');
    await closed;
    expect(router.currentRoute.value.query).toEqual({ followup: 'no' });
  });

  it('triages the highlighted row with r, f and e, the unread count following; archived, it leaves until z', async () => {
    const { preload, inbox } = await openInbox();
    // Row 0 of the sample (a TikTok comment) is unread.
    expect(row(1000).getAttribute('data-read')).toBe('no');
    const before = Number(unreadOf('TIKTOK_COMMENT'));
    await keys('r');
    expect(row(1000).getAttribute('data-read')).toBe('yes');
    expect(Number(unreadOf('TIKTOK_COMMENT'))).toBe(before - 1);
    await keys('f');
    expect(row(1000).getAttribute('data-follow-up')).toBe('no');
    // Archived in To do: it leaves the list at once, the highlight on the row after it.
    await keys('e');
    expect(document.querySelector('[data-testid="inbox-row"][data-id="1000"]')).toBeNull();
    expect(highlightedId()).toBe('1001');
    expect(document.querySelector('[data-testid="undo-done"]')?.textContent).toBe('Archived');
    // z puts it back in its place, and undoes it at the service.
    await keys('z');
    expect(row(1000).getAttribute('data-archived')).toBe('no');
    expect(document.querySelector<HTMLElement>('[data-testid="undo-bar"]')!.style.display).toBe('none');
    expect(preload.inputsOf('inbox:update').map((i) => i.change)).toEqual([
      { read: true },
      { followUp: false },
      { archived: true },
      { archived: false },
    ]);
    expect(inbox.items[0]).toMatchObject({ is_read: true, is_archived: false, is_follow_up: false });
  });

  it('undoes at the service only after the change it undoes, however fast z follows e', async () => {
    const { preload, inbox } = await openInbox();
    let answerArchive: () => void = () => undefined;
    preload.answer('inbox:update', ({ id, change }) => {
      const at = inbox.items.findIndex((item) => item.id === id);
      const answered = () => {
        inbox.items[at] = { ...inbox.items[at]!, is_archived: change.archived === true };
        return { ok: true as const, value: inbox.items[at]! };
      };
      if (change.archived !== true) return answered();
      return new Promise((resolve) => (answerArchive = () => resolve(answered())));
    });
    await keys('e');
    expect(document.querySelector('[data-testid="inbox-row"][data-id="1000"]')).toBeNull();
    await keys('z');
    // Back on screen at once, but not asked of the service before the archive is answered.
    expect(row(1000).getAttribute('data-archived')).toBe('no');
    expect(preload.inputsOf('inbox:update').map((i) => i.change)).toEqual([{ archived: true }]);
    answerArchive();
    await flushPromises();
    expect(preload.inputsOf('inbox:update').map((i) => i.change)).toEqual([
      { archived: true },
      { archived: false },
    ]);
    // The archive's late answer does not undo the Undo on screen.
    expect(row(1000).getAttribute('data-archived')).toBe('no');
    expect(inbox.items[0]).toMatchObject({ is_archived: false });
  });

  it('puts a refused change back and says so', async () => {
    const { inbox } = await openInbox();
    inbox.state.refuse.add(1000);
    const before = unreadOf('TIKTOK_COMMENT');
    await keys('r');
    expect(row(1000).getAttribute('data-read')).toBe('no');
    expect(unreadOf('TIKTOK_COMMENT')).toBe(before);
    expect(screenText()).toContain('Could not mark read');
  });

  it('does nothing while typing in an input, and / puts the cursor in the search', async () => {
    const { preload } = await openInbox();
    await keys('/');
    const search = document.querySelector<HTMLInputElement>('[data-testid="filter-text"] input')!;
    expect(document.activeElement).toBe(search);
    press('j', search);
    press('r', search);
    await flushPromises();
    expect(highlightedId()).toBe('1000');
    expect(preload.inputsOf('inbox:update')).toEqual([]);
  });

  it('goes to the tags with g t and back with g i', async () => {
    const { router } = await openInbox();
    const tags = arrivedAt(router, 'tags');
    await keys('g', 't');
    await tags;
    const back = arrivedAt(router, 'inbox');
    await keys('g', 'i');
    await back;
    expect(router.currentRoute.value.name).toBe('inbox');
  });

  it('shows every key with ?, those of this screen not dimmed', async () => {
    await openInbox();
    press('?', document.body, { shiftKey: true, code: 'Slash' });
    await flushPromises();
    const help = document.querySelector('[data-testid="keys-help"]')!;
    expect(help.textContent).toContain('Keyboard shortcuts');
    for (const label of [
      'Next row',
      'Mark read or unread',
      'Archive or unarchive',
      'Go to tags',
      'Tags…',
      'Assign…',
    ]) {
      expect(help.textContent).toContain(label);
    }
    expect(help.querySelector('[data-command="next"]')!.classList.contains('idle')).toBe(false);
    expect(help.querySelectorAll('kbd').length).toBeGreaterThan(15);
  });

  it('selects with x and opens the bulk bar', async () => {
    await openInbox();
    await keys('x', 'j', 'x');
    expect(wrapper.get('[data-testid="bulk-count"]').text()).toBe('2 selected');
  });
});
