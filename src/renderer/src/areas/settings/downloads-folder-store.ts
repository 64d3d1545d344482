import { defineStore } from 'pinia';
import type { RevealResult } from '../../../../shared/contract/index.ts';
import { api } from '../../api/contract-client.ts';
import { useLoad } from '../../lib/use-load.ts';

/**
 * The downloads folder of the settings: where the browser shell saves files (it has no save
 * dialog) and where Electron's save dialog opens. Main decides what the default is, so the
 * folder is read back from it after each change rather than assumed.
 */
export const useDownloadsFolderStore = defineStore('downloads-folder', () => {
  // Read each time the Settings page opens (`reload`): the last answer shows meanwhile.
  const read = useLoad(null, (signal) => api['files:downloads-folder'](undefined, { signal }));

  /** Sets the folder (null: the default); throws the call's error for the form to place at its field. */
  async function change(path: string | null): Promise<void> {
    await api['settings:update']({ downloadsFolder: path });
    await read.reload();
  }

  /** Opens the folder in the file manager; says where it is when none could be opened. */
  function reveal(): Promise<RevealResult> {
    return api['files:open-downloads-folder']();
  }

  return {
    folder: read.data,
    loading: read.loading,
    error: read.error,
    reload: read.reload,
    change,
    reveal,
  };
});
