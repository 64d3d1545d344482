import { ref, watch } from 'vue';
import { savedReportConfigNameSchema, type SavedReportConfig } from '../../../../shared/contract/index.ts';
import { toCallError } from '../../lib/call-error.ts';
import { sayAtField, sayError } from '../../lib/error-presenter.ts';
import { useReportBuilderStore } from './report-builder-store.ts';
import { useSavedConfigsStore } from './saved-configs-store.ts';

/**
 * Saving the builder's configuration under a name, and renaming a saved one in place. Saving
 * under the name of the configuration that is open updates it; another name makes a new one.
 * A refusal (a name taken, a field the rules refuse) shows where it belongs; nothing typed is lost.
 */
export function useSavedConfigs() {
  const builder = useReportBuilderStore();
  const saved = useSavedConfigsStore();
  const name = ref(builder.saved?.name ?? '');
  const nameError = ref('');
  const saving = ref(false);
  const renaming = ref<string | null>(null);
  const renameText = ref('');
  const renameError = ref('');

  watch(
    () => builder.saved,
    (open) => {
      name.value = open?.name ?? '';
      nameError.value = '';
    },
  );
  watch(name, () => (nameError.value = ''));

  async function save(): Promise<void> {
    const checkedName = savedReportConfigNameSchema.safeParse(name.value);
    if (!checkedName.success) {
      nameError.value = checkedName.error.issues[0]!.message;
      return;
    }
    const config = builder.configToSend();
    if (!config) {
      nameError.value = 'Fix the fields marked above first.';
      return;
    }
    const open = builder.saved;
    saving.value = true;
    try {
      const item = await saved.save({
        id: open && open.name === checkedName.data ? open.id : undefined,
        name: checkedName.data,
        config,
      });
      builder.saved = { id: item.id, name: item.name };
    } catch (thrown) {
      const error = toCallError(thrown);
      nameError.value = sayAtField(error, 'name') ?? '';
      if (!nameError.value) builder.showCallError(error, 'The configuration was not saved.');
    } finally {
      saving.value = false;
    }
  }

  function startRename(item: SavedReportConfig): void {
    renaming.value = item.id;
    renameText.value = item.name;
    renameError.value = '';
  }

  async function rename(item: SavedReportConfig): Promise<void> {
    const checkedName = savedReportConfigNameSchema.safeParse(renameText.value);
    if (!checkedName.success) {
      renameError.value = checkedName.error.issues[0]!.message;
      return;
    }
    try {
      const renamed = await saved.save({ id: item.id, name: checkedName.data, config: item.config });
      if (builder.saved?.id === item.id) builder.saved = { id: item.id, name: renamed.name };
      renaming.value = null;
    } catch (thrown) {
      const error = toCallError(thrown);
      renameError.value = sayAtField(error, 'name') ?? sayError(error);
    }
  }

  async function remove(item: SavedReportConfig): Promise<void> {
    await saved.remove(item.id);
    if (builder.saved?.id === item.id) builder.saved = null;
  }

  return {
    saved,
    builder,
    name,
    nameError,
    saving,
    save,
    renaming,
    renameText,
    renameError,
    startRename,
    rename,
    remove,
  };
}
