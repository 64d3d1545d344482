import { computed, ref, watch } from 'vue';
import { settingsSchema, type Settings } from '../../../../shared/settings.ts';
import { api } from '../../api/contract-client.ts';
import { useSettingsStore } from '../../app/settings-store.ts';
import { sayAtField, sayError } from '../../lib/error-presenter.ts';

type WholeNumberSetting = 'mirrorRetentionDays' | 'syncSharePercent';

/**
 * One whole-number preference edited in a field with Save: what is typed is checked with the
 * settings' own rule before it is sent, a refusal said at the field in words, "Saved." once main
 * confirmed it. `example` shows how to write it ("such as 90").
 */
export function useWholeNumberSetting(name: WholeNumberSetting, example: string) {
  const settings = useSettingsStore();
  const draft = ref('');
  const error = ref('');
  const saving = ref(false);
  const saved = ref(false);
  const stored = computed(() => settings.stored[name]);
  watch(stored, (value) => (draft.value = String(value)), { immediate: true });
  const changed = computed(() => draft.value.trim() !== String(stored.value));
  // A refusal is about what was typed then: an edit takes it away, as "Saved." goes with one.
  watch(draft, () => {
    error.value = '';
    saved.value = false;
  });

  async function save(): Promise<void> {
    saved.value = false;
    const typed = draft.value.trim();
    const value = /^\d+$/.test(typed) ? Number(typed) : Number.NaN;
    if (Number.isNaN(value)) {
      error.value = `Write a whole number, such as ${example}.`;
      return;
    }
    const checked = settingsSchema.shape[name].safeParse(value);
    if (!checked.success) {
      error.value = checked.error.issues[0]?.message ?? 'This value was refused.';
      return;
    }
    error.value = '';
    saving.value = true;
    try {
      const update: Partial<Settings> = { [name]: checked.data };
      await api['settings:update'](update);
      await settings.load();
      saved.value = true;
    } catch (thrown) {
      error.value = sayAtField(thrown, name) ?? sayError(thrown);
    } finally {
      saving.value = false;
    }
  }
  function reset(): void {
    draft.value = String(stored.value);
    error.value = '';
  }

  return { draft, error, changed, saved, saving, save, reset };
}
