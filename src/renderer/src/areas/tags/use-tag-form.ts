import { ref, shallowRef, watch } from 'vue';
import { fieldErrorsFromZod, tagCreateInputSchema } from '../../../../shared/contract/index.ts';
import { toCallError } from '../../lib/call-error.ts';
import { sayAtFields, sayError } from '../../lib/error-presenter.ts';
import { useTagsStore } from './tags-store.ts';

/** The fields of the form, as the contract's input names them. */
const formFields = new Set(['brandId', 'name', 'color']);

/**
 * The "new tag" form: checked with the contract's own schema before sending, and a refusal from
 * the service (a name already used in the brand: 409) put at its field. A failure that belongs
 * to no field (offline, rate limited) is said under the form; what was typed stays.
 */
export function useTagForm() {
  const tags = useTagsStore();
  const brandId = ref<number | null>(null);
  const name = ref('');
  const color = ref(''); // '' is "Automatic"
  const saving = ref(false);
  const fieldErrors = shallowRef<Record<string, string[]>>({});
  const formError = ref('');

  const errorAt = (field: string) => fieldErrors.value[field]?.[0];

  // "Not created: the service could not be reached" is stale once the list loads again.
  watch(
    () => tags.error,
    (error) => {
      if (!error) formError.value = '';
    },
  );

  /** True when the tag was created (the form is then cleared for the next one). */
  async function submit(): Promise<boolean> {
    if (saving.value) return false; // one at a time: the form stays as typed until this one is answered
    const input = {
      brandId: brandId.value,
      name: name.value,
      ...(color.value ? { color: color.value } : {}),
    };
    const checked = tagCreateInputSchema.safeParse(input);
    formError.value = '';
    if (!checked.success) {
      fieldErrors.value = fieldErrorsFromZod(checked.error);
      return false;
    }
    fieldErrors.value = {};
    saving.value = true;
    try {
      await tags.create(checked.data);
      name.value = '';
      return true;
    } catch (thrown) {
      const error = toCallError(thrown);
      const atFields = Object.fromEntries(
        Object.entries(sayAtFields(error)).filter(([field]) => formFields.has(field)),
      );
      fieldErrors.value = atFields;
      // A conflict the service did not tie to a field is still about the name.
      if (error.code === 'conflict' && !atFields.name)
        fieldErrors.value = { ...atFields, name: [sayError(error)] };
      else if (Object.keys(atFields).length === 0)
        formError.value = `The tag was not created. ${sayError(error)}`;
      return false;
    } finally {
      saving.value = false;
    }
  }

  return { brandId, name, color, saving, fieldErrors, formError, errorAt, submit };
}
