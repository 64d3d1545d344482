import { isAbsolute, join, normalize } from 'node:path';

/** Runs a command and answers its stdout; rejects when it is missing or fails. */
export type RunCommand = (command: string, args: string[]) => Promise<string>;

/**
 * The system's downloads folder: on Linux and the BSDs what `xdg-user-dir DOWNLOAD` says (the
 * user's XDG_DOWNLOAD_DIR, translated on localized desktops: "Téléchargements", ...), elsewhere or
 * without it ~/Downloads.
 */
export async function systemDownloadsFolder(deps: {
  platform: NodeJS.Platform;
  homeDir: string;
  run: RunCommand;
}): Promise<string> {
  const fallback = join(deps.homeDir, 'Downloads');
  if (deps.platform === 'darwin' || deps.platform === 'win32') return fallback;
  let answer: string;
  try {
    answer = (await deps.run('xdg-user-dir', ['DOWNLOAD'])).trim();
  } catch {
    return fallback; // not installed (xdg-user-dirs is optional)
  }
  // Unset, xdg-user-dir answers the home folder itself, which the XDG spec reads as "none".
  const usable = answer && !answer.includes('\0') && isAbsolute(answer);
  return usable && normalize(answer) !== normalize(deps.homeDir) ? answer : fallback;
}
