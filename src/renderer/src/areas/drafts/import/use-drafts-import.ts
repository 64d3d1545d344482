import { computed, ref, shallowRef } from 'vue';
import { ContractCallError, type ImportCheck } from '../../../../../shared/contract/index.ts';
import { api } from '../../../api/contract-client.ts';
import { useAppStore } from '../../../app/app-store.ts';
import { toCallError } from '../../../lib/call-error.ts';

/** The zone this computer's local times are in: times without a zone are read in it. */
export const localTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * One import of a CSV file into the drafts: choose the file (main's open dialog in Electron, the
 * page's file picker in the browser shell), see what main's check says of every row, confirm, and
 * the accepted rows become drafts queued for the service. Nothing is written before the confirm.
 */
export function useDraftsImport() {
  const app = useAppStore();
  void app.ensureInfo();
  /** Electron has a dialog of main's; the browser shell picks the file in the page. */
  const pickInPage = computed(() => app.info?.shell !== 'electron');

  const check = shallowRef<ImportCheck | null>(null);
  const created = ref<number | null>(null);
  const busy = ref<'checking' | 'importing' | null>(null);
  const error = shallowRef<ContractCallError | null>(null);

  async function checking(work: () => Promise<ImportCheck | null>): Promise<void> {
    busy.value = 'checking';
    error.value = null;
    try {
      const answer = await work();
      if (answer) check.value = answer;
    } catch (thrown) {
      error.value = toCallError(thrown);
    } finally {
      busy.value = null;
    }
  }

  /** The browser shell: a file the page picked, its text sent to main to be checked. */
  function checkPicked(file: File): Promise<void> {
    return checking(async () =>
      api['drafts-import:check']({ fileName: file.name, text: await file.text(), timeZone: localTimeZone }),
    );
  }

  /** Electron: main's open dialog; closing it changes nothing. */
  function chooseInDialog(): Promise<void> {
    return checking(async () => (await api['drafts-import:choose-file']({ timeZone: localTimeZone })).check);
  }

  /** Imports the checked file's accepted rows (`again`: the person confirmed a repeat). */
  async function confirm(): Promise<void> {
    const checked = check.value;
    if (!checked || busy.value) return;
    busy.value = 'importing';
    error.value = null;
    try {
      const answer = await api['drafts-import:import']({
        fingerprint: checked.fingerprint,
        accepted: checked.accepted,
        again: checked.earlier !== null,
      });
      created.value = answer.created;
    } catch (thrown) {
      error.value = toCallError(thrown);
    } finally {
      busy.value = null;
    }
  }

  /** Back to choosing a file, as when the dialog opens. */
  function reset(): void {
    check.value = null;
    created.value = null;
    error.value = null;
  }

  return { pickInPage, check, created, busy, error, checkPicked, chooseInDialog, confirm, reset };
}
