import type { AppInfo } from '../../shared/app-info.ts';
import type { RevealResult } from '../../shared/contract/index.ts';

export type { RevealResult };

/**
 * What the services need from the shell they run in. The Electron shell and the browser shell
 * each provide one, so no service imports `electron`. Its shell and runtimes are what `app:info`
 * answers.
 */
export interface Platform extends Pick<AppInfo, 'shell' | 'runtimes'> {
  appVersion: string;
  /** Folder for the app's own files (settings, databases). */
  userDataDir: string;
  /**
   * Where to save a file the app makes (a report export, ...): an absolute path the caller may
   * write, or null when the user cancelled. Electron asks with the native save dialog (the file
   * replaces one the user chose to overwrite); the browser shell has none, so it answers a free
   * name in the downloads folder of the settings, creating nothing: its save then takes that name,
   * or the next free one, and never replaces a file.
   */
  chooseSavePath(options: SavePathOptions): Promise<string | null>;
  /**
   * "Show in folder": opens the file manager on the file. Where none can be opened, answers
   * `opened: false` with the path, for the UI to show.
   */
  revealPath(path: string): Promise<RevealResult>;
  /**
   * A file the person chooses to open (an import): its absolute path, or null when cancelled.
   * Electron asks with the native open dialog; the browser shell has none (its page picks the
   * file and sends its text).
   */
  chooseFileToOpen?(options: { filters?: FileFilter[] }): Promise<string | null>;
  /** The folder files are saved in (browser shell) or the save dialog opens in (Electron). */
  downloadsFolder(): Promise<string>;
}

export interface SavePathOptions {
  /** A file name (no folder), e.g. "campaign-report.csv". */
  defaultName: string;
  /** As Electron's dialog takes them: extensions without the dot, e.g. {name: 'CSV', extensions: ['csv']}. */
  filters?: FileFilter[];
}

export interface FileFilter {
  name: string;
  extensions: string[];
}
