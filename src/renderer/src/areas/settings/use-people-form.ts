import { computed, ref } from 'vue';
import { usePeopleStore } from '../../app/people-store.ts';
import { sayAtField, sayError } from '../../lib/error-presenter.ts';

/**
 * Settings' "Add a person": a user id and a name, added to the address book. The id is checked
 * here (a whole number) and the name by main; each refusal is said at its field.
 */
export function usePeopleForm() {
  const people = usePeopleStore();
  const userId = ref('');
  const name = ref('');
  const saving = ref(false);
  const nameError = ref<string | null>(null);
  const idError = ref<string | null>(null);
  const parsedId = computed(() =>
    /^\d{1,15}$/.test(userId.value.trim()) ? Number(userId.value.trim()) : null,
  );

  async function add(): Promise<boolean> {
    idError.value = parsedId.value === null ? 'A user id is a whole number, such as 7.' : null;
    nameError.value = null;
    if (parsedId.value === null) return false;
    saving.value = true;
    try {
      await people.name(parsedId.value, name.value);
      userId.value = '';
      name.value = '';
      return true;
    } catch (thrown) {
      nameError.value = sayAtField(thrown, 'name') ?? null;
      idError.value = sayAtField(thrown, 'userId') ?? null;
      if (!nameError.value && !idError.value)
        nameError.value = sayError(thrown, { action: 'Could not add the person' });
      return false;
    } finally {
      saving.value = false;
    }
  }

  return { userId, name, saving, nameError, idError, add };
}
