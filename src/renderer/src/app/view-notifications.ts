import { ref } from 'vue';
import { api } from '../api/contract-client.ts';
import { useCallErrorStore } from './call-error-store.ts';
import { useSettingsStore } from './settings-store.ts';

/**
 * Which saved views raise a notification when something new arrives in them (issue 25 §3): one
 * setting, switched from Settings or from the saved view's own bell. Shown at once while main
 * saves it; a refusal puts it back and says so.
 */
export function useViewNotifications() {
  const settings = useSettingsStore();
  const errors = useCallErrorStore();
  /** The choice on its way to main, shown meanwhile. */
  const requested = ref<string[] | null>(null);

  const chosen = () => requested.value ?? settings.stored.notifyViewIds;
  const isOn = (viewId: string) => chosen().includes(viewId);

  async function set(viewId: string, on: boolean): Promise<void> {
    const next = chosen().filter((id) => id !== viewId);
    if (on) next.push(viewId);
    requested.value = next;
    try {
      await api['settings:update']({ notifyViewIds: next });
      await settings.load();
    } catch (error) {
      errors.report('Could not save the notification setting', error);
    } finally {
      if (requested.value === next) requested.value = null;
    }
  }

  return { isOn, set };
}
