import { ref, shallowRef } from 'vue';
import { folderPathSchema } from '../../../../shared/settings.ts';
import { useAppStore } from '../../app/app-store.ts';
import { toCallError } from '../../lib/call-error.ts';
import { sayAtField, sayError } from '../../lib/error-presenter.ts';
import { useDownloadsFolderStore } from './downloads-folder-store.ts';

/**
 * The downloads folder's form: changing it is checked with the settings' own schema before it
 * is sent; a refusal is shown at the field and loses nothing typed. The folder is read again
 * each time the form appears (the Settings page opens).
 */
export function useDownloadsFolder() {
  const downloads = useDownloadsFolderStore();
  void downloads.reload();
  const app = useAppStore();
  void app.ensureInfo();
  const draft = ref('');
  const editing = ref(false);
  const saving = ref(false);
  const fieldError = ref('');
  const revealed = shallowRef<{ opened: boolean; path: string } | null>(null);

  function edit(): void {
    draft.value = downloads.folder?.isDefault ? '' : (downloads.folder?.path ?? '');
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
      await downloads.change(value);
      editing.value = false;
    } catch (thrown) {
      const error = toCallError(thrown);
      fieldError.value = sayAtField(error, 'downloadsFolder') ?? sayError(error);
    } finally {
      saving.value = false;
    }
  }

  async function open(): Promise<void> {
    try {
      revealed.value = await downloads.reveal();
    } catch (thrown) {
      revealed.value = null;
      fieldError.value = sayError(thrown);
    }
  }

  return { downloads, app, draft, editing, saving, fieldError, revealed, edit, save, open };
}
