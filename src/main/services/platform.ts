/**
 * What the services need from the shell they run in. The Electron shell and the browser shell
 * each provide one, so no service imports `electron`.
 */
export interface Platform {
  shell: 'electron' | 'web';
  appVersion: string;
  /** Runtime name -> version (node, electron, chrome, v8, ...). */
  runtimes: Record<string, string>;
  /** Folder for the app's own files (settings, databases). */
  userDataDir: string;
}
