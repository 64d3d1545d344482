import { ref, shallowRef } from 'vue';
import { folderPathSchema } from '../../../../shared/settings.ts';
import { api } from '../../api/contract-client.ts';
import { useAppStore } from '../../app/app-store.ts';
import { toCallError } from '../../lib/call-error.ts';
import { sayAtField, sayError } from '../../lib/error-presenter.ts';
import { useLoad } from '../../lib/use-load.ts';

/**
 * The downloads folder of the settings: where the browser shell saves files (it has no save
 * dialog) and where Electron's save dialog opens. Changing it is checked with the settings'
 * own schema before it is sent; a refusal is shown at the field and loses nothing typed.
 */
export function useDownloadsFolder() {
  const folder = useLoad(null, () => api['files:downloads-folder']());
  void folder.reload();
  const app = useAppStore();
  void app.ensureInfo();
  const draft = ref('');
  const editing = ref(false);
  const saving = ref(false);
  const fieldError = ref('');
  const revealed = shallowRef<{ opened: boolean; path: string } | null>(null);

  function edit(): void {
    draft.value = folder.data.value?.isDefault ? '' : (folder.data.value?.path ?? '');
    fieldError.value = '';
    editing.value = true;
  }

  async function save(value: string | null): Promise<void> {
    if (value !== null) {
      const checked = folderPathSchema.safeParse(value);
      if (!checked.success) {
        fieldError.value = checked.error.issues[0]?.message ?? 'Give the full path of the folder.';
        return;
      }
      value = checked.data;
    }
    saving.value = true;
    fieldError.value = '';
    try {
      await api['settings:update']({ downloadsFolder: value });
      editing.value = false;
      await folder.reload();
    } catch (thrown) {
      const error = toCallError(thrown);
      fieldError.value = sayAtField(error, 'downloadsFolder') ?? sayError(error);
    } finally {
      saving.value = false;
    }
  }

  async function open(): Promise<void> {
    try {
      revealed.value = await api['files:open-downloads-folder']();
    } catch (thrown) {
      revealed.value = null;
      fieldError.value = sayError(thrown);
    }
  }

  return { folder, app, draft, editing, saving, fieldError, revealed, edit, save, open };
}
