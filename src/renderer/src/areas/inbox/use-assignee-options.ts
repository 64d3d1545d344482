import { computed, toValue, type MaybeRefOrGetter } from 'vue';
import { usePeopleStore } from '../../app/people-store.ts';

/**
 * The assignee filter's choices: "Assigned to me" first once the person said which user they
 * are, then the people the list and the address book know, by the names given. `needsMe` is true
 * while nobody said who they are, for the filter to say where that is set.
 */
export function useAssigneeOptions(
  seen: MaybeRefOrGetter<readonly number[]>,
  current: MaybeRefOrGetter<number | undefined>,
) {
  const people = usePeopleStore();
  const options = computed(() => {
    const me = people.me;
    const ids = new Set<number>([...people.people.map((person) => person.userId), ...toValue(seen)]);
    const chosen = toValue(current);
    if (chosen !== undefined) ids.add(chosen);
    if (me !== null) ids.delete(me);
    const others = [...ids]
      .map((id) => ({ label: people.personLabel(id), value: id }))
      .sort((a, b) => a.label.localeCompare(b.label, undefined, { numeric: true }));
    return me === null ? others : [{ label: 'Assigned to me', value: me }, ...others];
  });
  return { options, needsMe: computed(() => people.loaded && people.me === null) };
}
