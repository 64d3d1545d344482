import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  app,
  dialog,
  shell,
  type BrowserWindow,
  type OpenDialogOptions,
  type SaveDialogOptions,
} from 'electron';
import type { SettingsService } from '../services/app/settings-service.ts';
import type { FileFilter, Platform, RevealResult, SavePathOptions } from '../services/platform.ts';
import { checkedAbsolutePath, saveFileName } from '../services/platform-paths.ts';

/**
 * The Electron shell's Platform: the native save dialog, attached to the app's window, and the
 * system file manager through `shell.showItemInFolder`.
 */
export function createElectronPlatform(deps: {
  /** The app's window, once there is one: the dialog is modal to it. */
  window: () => BrowserWindow | null | undefined;
  settings: Pick<SettingsService, 'get'>;
}): Platform {
  async function chooseSavePath({ defaultName, filters }: SavePathOptions): Promise<string | null> {
    // The dialog opens in the downloads folder of the settings (the system's when none is set).
    const folder = await downloadsFolder();
    const options: SaveDialogOptions = {
      defaultPath: join(folder, saveFileName(defaultName, filters)),
      filters,
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    };
    const window = deps.window();
    const result =
      window && !window.isDestroyed()
        ? await dialog.showSaveDialog(window, options)
        : await dialog.showSaveDialog(options);
    if (result.canceled || !result.filePath) return null;
    return checkedAbsolutePath(result.filePath);
  }

  async function chooseFileToOpen({ filters }: { filters?: FileFilter[] }): Promise<string | null> {
    const options: OpenDialogOptions = {
      defaultPath: await downloadsFolder(),
      filters,
      properties: ['openFile'],
    };
    const window = deps.window();
    const result =
      window && !window.isDestroyed()
        ? await dialog.showOpenDialog(window, options)
        : await dialog.showOpenDialog(options);
    const [path] = result.filePaths;
    return result.canceled || !path ? null : checkedAbsolutePath(path);
  }

  async function downloadsFolder(): Promise<string> {
    return deps.settings.get().downloadsFolder ?? app.getPath('downloads');
  }

  async function revealPath(path: string): Promise<RevealResult> {
    const checked = checkedAbsolutePath(path);
    // showItemInFolder reports nothing back; a file that is not there cannot be shown.
    if (!existsSync(checked)) return { opened: false, path: checked };
    shell.showItemInFolder(checked);
    return { opened: true, path: checked };
  }

  return {
    shell: 'electron',
    appVersion: app.getVersion(),
    runtimes: {
      electron: process.versions.electron,
      chrome: process.versions.chrome,
      node: process.versions.node,
      v8: process.versions.v8,
    },
    userDataDir: app.getPath('userData'),
    chooseSavePath,
    chooseFileToOpen,
    downloadsFolder,
    revealPath,
  };
}
