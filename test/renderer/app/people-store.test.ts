import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, describe, expect, it } from 'vitest';
import InboxRow from '../../../src/renderer/src/areas/inbox/components/inbox-row.vue';
import { useAccountsStore } from '../../../src/renderer/src/app/accounts-store.ts';
import { usePeopleStore } from '../../../src/renderer/src/app/people-store.ts';
import type { AddressBook } from '../../../src/shared/contract/index.ts';
import { sampleProfile } from '../helpers/fake-accounts.ts';
import { sampleItem } from '../helpers/fake-inbox.ts';
import { createFakePreload } from '../helpers/fake-preload.ts';

afterEach(() => {
  delete window.socialdesk;
});

const book: AddressBook = {
  me: 2,
  people: [
    { userId: 7, name: 'Alex Kim', seenOnBrandIds: [102] },
    { userId: 3, name: null, seenOnBrandIds: [101] },
    { userId: 9, name: 'Bea', seenOnBrandIds: [] },
  ],
};

async function loadedStore(answer: AddressBook = book) {
  const preload = createFakePreload().install();
  preload.answer('people:list', () => ({ ok: true, value: answer }));
  const pinia = createPinia();
  setActivePinia(pinia);
  await useAccountsStore().ensureLoaded();
  const people = usePeopleStore();
  await flushPromises();
  return { preload, people, pinia };
}

describe('the people store', () => {
  it('says a user id by its name, or "User 7" while unnamed or before the book is read', async () => {
    const preload = createFakePreload().install();
    preload.answer('people:list', () => new Promise(() => {}));
    setActivePinia(createPinia());
    const waiting = usePeopleStore();
    expect(waiting.personLabel(7)).toBe('User 7');

    const { people } = await loadedStore();
    expect(people.personLabel(7)).toBe('Alex Kim');
    expect(people.personLabel(3)).toBe('User 3');
    expect(people.personLabel(42)).toBe('User 42');
    expect(people.me).toBe(2);
  });

  it('offers the people seen on the brands asked for first', async () => {
    const { people } = await loadedStore();
    expect(people.likelyFor([101]).map((p) => p.userId)).toEqual([3, 7, 9]);
    expect(people.likelyFor([102]).map((p) => p.userId)).toEqual([7, 3, 9]);
  });

  it("takes a change told by main for the active profile, and leaves another profile's alone", async () => {
    const { preload, people } = await loadedStore();
    const renamed: AddressBook = {
      ...book,
      people: [{ userId: 7, name: 'Alexandra', seenOnBrandIds: [102] }],
    };
    preload.emit('people:changed', { profileId: 'some-other-profile', book: { me: null, people: [] } });
    expect(people.personLabel(7)).toBe('Alex Kim');
    preload.emit('people:changed', { profileId: sampleProfile.id, book: renamed });
    expect(people.personLabel(7)).toBe('Alexandra');
  });

  it('an inbox row shows its assignee by name, and again when renamed elsewhere', async () => {
    const { preload, pinia } = await loadedStore();
    const row = mount(InboxRow, {
      props: { item: sampleItem(1, { assignee_id: 7 }), tags: new Map(), tokens: [], now: Date.now() },
      global: { plugins: [pinia] },
    });
    expect(row.get('[data-testid="row-assignee"]').text()).toBe('@Alex Kim');
    preload.emit('people:changed', {
      profileId: sampleProfile.id,
      book: { ...book, people: [{ userId: 7, name: 'Sam', seenOnBrandIds: [] }] },
    });
    await flushPromises();
    expect(row.get('[data-testid="row-assignee"]').text()).toBe('@Sam');
  });
});
