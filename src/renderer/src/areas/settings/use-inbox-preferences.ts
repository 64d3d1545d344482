import { computed, ref } from 'vue';
import { api } from '../../api/contract-client.ts';
import { useCallErrorStore } from '../../app/call-error-store.ts';
import { useSettingsStore } from '../../app/settings-store.ts';

/**
 * The inbox's preferences in Settings: whether the detail pane opens the next item by itself after
 * a triage action. Shown at once while main saves it; a refusal puts it back and says so.
 */
export function useInboxPreferences() {
  const settings = useSettingsStore();
  const errors = useCallErrorStore();
  const requested = ref<boolean | null>(null);

  const openNext = computed(() => requested.value ?? settings.stored.openNextAfterTriage);

  async function setOpenNext(value: boolean): Promise<void> {
    requested.value = value;
    try {
      await api['settings:update']({ openNextAfterTriage: value });
      await settings.load();
    } catch (error) {
      errors.report('Could not save the inbox setting', error);
    } finally {
      requested.value = null;
    }
  }

  return { openNext, setOpenNext };
}
