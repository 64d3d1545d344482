import { computed, reactive, ref } from 'vue';
import { waitingThresholdsSchema } from '../../../../shared/settings.ts';
import type { WaitingThresholds } from '../../../../shared/domain/index.ts';
import { api } from '../../api/contract-client.ts';
import { useSettingsStore } from '../../app/settings-store.ts';
import { sayAtField, sayError } from '../../lib/error-presenter.ts';
import { durationText, minutesOf } from './duration-text.ts';

export type ThresholdField = keyof WaitingThresholds;
export const thresholdFields: readonly ThresholdField[] = ['dueMinutes', 'lateMinutes', 'overdueMinutes'];

/**
 * The waiting thresholds' form: three times written as a person writes them ("45 min", "4 h"),
 * checked with the settings' own schema before they are sent, each refusal at its field and
 * nothing typed lost. Saved, the settings are read again, so every waiting label recolours.
 */
export function useWaitingThresholds() {
  const settings = useSettingsStore();
  const saved = computed(() => settings.stored.waitingThresholds);
  const drafts = reactive<Record<ThresholdField, string>>({
    dueMinutes: '',
    lateMinutes: '',
    overdueMinutes: '',
  });
  const errors = reactive<Record<ThresholdField, string>>({
    dueMinutes: '',
    lateMinutes: '',
    overdueMinutes: '',
  });
  const formError = ref('');
  const saving = ref(false);
  const savedNote = ref(false);

  function reset(): void {
    for (const field of thresholdFields) {
      drafts[field] = durationText(saved.value[field]);
      errors[field] = '';
    }
    formError.value = '';
  }
  reset();

  const changed = computed(() =>
    thresholdFields.some((field) => minutesOf(drafts[field]) !== saved.value[field]),
  );

  async function save(): Promise<void> {
    savedNote.value = false;
    formError.value = '';
    const minutes: Partial<Record<ThresholdField, number>> = {};
    for (const field of thresholdFields) {
      const value = minutesOf(drafts[field]);
      errors[field] = value === null ? 'Write a time such as 45 min, 4 h or 2 d.' : '';
      if (value !== null) minutes[field] = value;
    }
    if (thresholdFields.some((field) => errors[field])) return;
    const checked = waitingThresholdsSchema.safeParse(minutes);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as ThresholdField;
        if (thresholdFields.includes(field) && !errors[field]) errors[field] = issue.message;
      }
      return;
    }
    saving.value = true;
    try {
      await api['settings:update']({ waitingThresholds: checked.data });
      await settings.load();
      reset();
      savedNote.value = true;
    } catch (thrown) {
      let placed = false;
      for (const field of thresholdFields) {
        const said = sayAtField(thrown, `waitingThresholds.${field}`);
        if (said) {
          errors[field] = said;
          placed = true;
        }
      }
      if (!placed) formError.value = sayError(thrown);
    } finally {
      saving.value = false;
    }
  }

  return { saved, drafts, errors, formError, saving, savedNote, changed, save, reset };
}
