import { spawn } from 'node:child_process';
import { dirname } from 'node:path';

/**
 * Starts the file manager; answers whether it started. Rejections count as "not opened".
 * The default one is `startOpener` below; tests pass their own.
 */
export type Opener = (command: string, args: string[]) => Promise<boolean>;

/**
 * The command that shows `path` in the system's file manager. macOS and Windows select the file;
 * xdg-open has no "select", so on Linux the folder holding it opens. Null where none can work:
 * a Linux session without a display, where xdg-open would fall back to a text browser.
 */
export function revealCommand(
  path: string,
  isFolder: boolean,
  platform: NodeJS.Platform,
  env: NodeJS.ProcessEnv,
): [string, string[]] | null {
  if (platform === 'darwin') return ['open', ['-R', path]];
  if (platform === 'win32') return ['explorer.exe', [`/select,${path}`]];
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return null;
  return ['xdg-open', [isFolder ? path : dirname(path)]];
}

// A file manager started by xdg-open may run in the foreground until its window closes; one that
// has not failed by then is taken as shown.
const STILL_RUNNING_MEANS_SHOWN_MS = 3000;

/** Spawns the opener detached, so a file manager it starts lives on after the shell stops. */
export const startOpener: Opener = (command, args) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    const timer = setTimeout(() => resolve(true), STILL_RUNNING_MEANS_SHOWN_MS);
    timer.unref();
    child.on('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      // explorer.exe answers 1 even when it showed the folder.
      resolve(code === 0 || process.platform === 'win32');
    });
    child.unref();
  });
