import { defineStore } from 'pinia';
import { computed } from 'vue';
import type { AddressBook, Person } from '../../../shared/contract/index.ts';
import { api, on } from '../api/contract-client.ts';
import { useLoad } from '../lib/use-load.ts';
import { useAccountsStore } from './accounts-store.ts';
import { useCallErrorStore } from './call-error-store.ts';

const emptyBook: AddressBook = { me: null, people: [] };

/**
 * The active profile's address book: a name for each user id the person named, which id is
 * theirs, and who was seen on which brand. App-wide because every area that shows a user id shows
 * it through `personLabel` here; kept by `people:changed`, so a name given in one window or
 * screen shows at once everywhere.
 */
export const usePeopleStore = defineStore('people', () => {
  const accounts = useAccountsStore();
  const errors = useCallErrorStore();

  // A failure leaves ids shown as "User 7": the names are a courtesy, the ids still work.
  const read = useLoad(
    () => accounts.activeId,
    (signal) => api['people:list'](undefined, { signal }),
    { enabled: () => accounts.activeId !== null },
  );
  on('people:changed', ({ profileId, book }) => {
    if (profileId === accounts.activeId) read.data.value = book;
  });

  const book = computed(() => read.data.value ?? emptyBook);
  const people = computed(() => book.value.people);
  const me = computed(() => book.value.me);
  const byId = computed(() => new Map(people.value.map((person) => [person.userId, person])));

  /** A user id as a person reads it: the name given, or "User 7" while there is none. */
  function personLabel(userId: number): string {
    return byId.value.get(userId)?.name ?? `User ${userId}`;
  }

  function nameOf(userId: number): string | null {
    return byId.value.get(userId)?.name ?? null;
  }

  /** People seen on any of these brands first (by name), then everyone else the book knows. */
  function likelyFor(brandIds: readonly number[]): Person[] {
    const onBrand = (person: Person) => person.seenOnBrandIds.some((id) => brandIds.includes(id));
    return [...people.value.filter(onBrand), ...people.value.filter((person) => !onBrand(person))];
  }

  /** Names (or renames) a user; throws the refusal for the form that asked to show at its field. */
  async function name(userId: number, newName: string): Promise<void> {
    read.data.value = await api['people:name']({ userId, name: newName });
  }

  async function forget(userId: number): Promise<void> {
    try {
      read.data.value = await api['people:forget']({ userId });
    } catch (error) {
      errors.report(`Could not remove ${personLabel(userId)}`, error);
    }
  }

  async function setMe(userId: number | null): Promise<void> {
    try {
      read.data.value = await api['people:set-me']({ userId });
    } catch (error) {
      errors.report('Could not save who you are', error);
    }
  }

  return {
    people,
    me,
    loaded: computed(() => read.data.value !== undefined),
    personLabel,
    nameOf,
    likelyFor,
    name,
    forget,
    setMe,
    load: read.reload,
  };
});
